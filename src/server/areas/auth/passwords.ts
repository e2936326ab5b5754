import bcrypt from 'bcrypt';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** A hash of the same cost to compare against when the shooter number is unknown, so both cases take as long. */
  readonly unknownUserHash: string;
}

/** bcrypt with a cost that tests may lower; production keeps the default. */
export function bcryptHasher(rounds = 12): PasswordHasher {
  return {
    hash: (password) => bcrypt.hash(password, rounds),
    verify: (password, hash) => bcrypt.compare(password, hash),
    unknownUserHash: bcrypt.hashSync('kein Benutzer', rounds),
  };
}
