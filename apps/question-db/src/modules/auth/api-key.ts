import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'qdbk';
const apiKeyPattern =
  /^qdbk_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** Whether a bearer token is shaped like an API key rather than an access token. */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(`${PREFIX}_`);

/** `qdbk_<credentialId>_<secret>`: the id finds the credential, the secret proves possession. */
export const formatApiKey = (credentialId: string, secret: string): string =>
  `${PREFIX}_${credentialId}_${secret}`;

export function parseApiKey(token: string): { credentialId: string; secret: string } | undefined {
  const match = apiKeyPattern.exec(token);
  return match ? { credentialId: match[1]!, secret: match[2]! } : undefined;
}

/** 32 random bytes, base64url: 43 characters. */
export const generateSecret = (): string => randomBytes(32).toString('base64url');

// A fast unsalted hash suffices: the secret carries 256 random bits, so there is nothing to guess.
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

// Compared even when no credential matched, so timing does not reveal which ids exist.
const decoy = hashSecret(generateSecret());

export function secretMatches(secret: string, storedHash: string | undefined): boolean {
  const expected = Buffer.from(storedHash ?? decoy, 'hex');
  const actual = Buffer.from(hashSecret(secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual) && !!storedHash;
}
