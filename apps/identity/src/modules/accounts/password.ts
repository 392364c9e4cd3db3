import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one real verification, so an unknown email answers as slowly as a wrong
 * password and response times do not reveal who has an account.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hash('a password no account has');
  await verifyPassword(await decoy, password);
  return false;
}
