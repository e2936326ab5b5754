import bcrypt from 'bcrypt';
import { LIMITS } from '../../../shared/constants.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** A hash of the same cost to compare against when the shooter number is unknown, so both cases take as long. */
  readonly unknownUserHash: string;
}

/** bcrypt compares only the first 72 bytes (UTF-8) of a password. */
export const BCRYPT_MAX_BYTES = LIMITS.passwordMaxBytes;

function tooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_BYTES;
}

/** bcrypt with a cost that tests may lower; production keeps the default. */
export function bcryptHasher(rounds = 12): PasswordHasher {
  return {
    async hash(password) {
      // The schemas refuse these; a hash of the cut password would let its 72-byte prefix in.
      if (tooLong(password)) throw new Error(`Passwörter über ${BCRYPT_MAX_BYTES} Bytes werden nicht gespeichert.`);
      return bcrypt.hash(password, rounds);
    },
    async verify(password, hash) {
      // Compared all the same, so that a long password takes as long as any wrong one;
      // it can never be right, or the 72-byte prefix of a password would open it.
      const matches = await bcrypt.compare(password, hash);
      return matches && !tooLong(password);
    },
    unknownUserHash: bcrypt.hashSync('kein Benutzer', rounds),
  };
}
