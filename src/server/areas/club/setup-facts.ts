import { createHash } from 'node:crypto';

/** The name in `setup_facts` of the fingerprint of the password the first start generated for user 1. */
export const GENERATED_PASSWORD_FACT = 'generated_password';

/**
 * What `setup_facts` keeps of a password hash: a fingerprint, not a second copy of the
 * hash. The dashboard's checklist compares it with user 1's hash; any change of the
 * password (bcrypt takes a new salt) makes them differ.
 */
export function passwordFingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('hex');
}
