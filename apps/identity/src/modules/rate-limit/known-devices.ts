import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../pages/csrf';

const COOKIE = 'questa_idp_known';
/** A shared computer remembers this many accounts; the oldest is dropped first. */
const MAX_ACCOUNTS = 8;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/**
 * Browsers that have signed in to an account before. The cookie holds, per account, an HMAC of
 * the account's key under the provider's cookie keys: it names no account, cannot be forged, and
 * lets the owner's own browser past the delay an attacker has built up on their account.
 */
export interface KnownDevices {
  knows(request: FastifyRequest, accountKey: string): boolean;
  remember(request: FastifyRequest, reply: FastifyReply, accountKey: string): void;
}

export function createKnownDevices(options: {
  keys: string[];
  secure: boolean;
  path: string;
}): KnownDevices {
  const mark = (accountKey: string, key: string) =>
    createHmac('sha256', key).update(`known:${accountKey}`).digest('base64url').slice(0, 22);
  const marks = (request: FastifyRequest) =>
    (readCookie(request, COOKIE) ?? '').split('.').filter((part) => /^[\w-]{22}$/.test(part));

  return {
    knows(request, accountKey) {
      const held = marks(request).map((part) => Buffer.from(part));
      return options.keys.some((key) => {
        const expected = Buffer.from(mark(accountKey, key));
        return held.some(
          (part) => part.length === expected.length && timingSafeEqual(part, expected),
        );
      });
    },
    remember(request, reply, accountKey) {
      const own = mark(accountKey, options.keys[0]!);
      const kept = [own, ...marks(request).filter((part) => part !== own)].slice(0, MAX_ACCOUNTS);
      // Appended to the raw response: oidc-provider sets its own cookies there when it finishes the
      // sign-in, and a Fastify header of the same name would replace them.
      reply.raw.appendHeader(
        'set-cookie',
        `${COOKIE}=${kept.join('.')}; Path=${options.path}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`,
      );
    },
  };
}
