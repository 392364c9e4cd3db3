import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@questa/contracts/rules';

/**
 * Unsubscribe links work without signing in, so the token is all that proves who asks: an HMAC
 * over the person, the kind and the purpose. The purpose is part of what is signed, so a token
 * made for anything else one day can never unsubscribe, nor this one do anything else.
 */
const PURPOSE = 'unsubscribe';

const encode = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function signUnsubscribe(key: Buffer, userId: string, kind: NotificationKind): string {
  const payload = encode(JSON.stringify({ p: PURPOSE, u: userId, k: kind }));
  return `${payload}.${encode(mac(key, payload))}`;
}

/** The person and kind a genuine token names; null for anything forged, altered or foreign. */
export function verifyUnsubscribe(
  key: Buffer,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      p?: unknown;
      u?: unknown;
      k?: unknown;
    };
    if (claims.p !== PURPOSE || typeof claims.u !== 'string') return null;
    const kind = NOTIFICATION_KINDS.find((known) => known === claims.k);
    return kind ? { userId: claims.u, kind } : null;
  } catch {
    return null;
  }
}
