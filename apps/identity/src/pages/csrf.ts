import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const COOKIE = 'questa_idp_csrf';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface Csrf {
  /** The value for a form's hidden `csrf` field; sets the cookie it is checked against. */
  token(request: FastifyRequest, reply: FastifyReply): string;
  check(request: FastifyRequest, token: unknown): boolean;
}

/**
 * Signed double-submit tokens for the forms that are not part of an OpenID Connect interaction
 * (those are covered by oidc-provider's own interaction cookie): a random cookie, and in the form
 * its HMAC under the provider's cookie keys, which another site can neither read nor forge.
 */
export function createCsrf(options: { keys: string[]; secure: boolean; path: string }): Csrf {
  const sign = (nonce: string, key: string) =>
    createHmac('sha256', key).update(`csrf:${nonce}`).digest('base64url');
  const validNonce = (value: string | undefined): value is string =>
    typeof value === 'string' && /^[A-Za-z0-9_-]{24,64}$/.test(value);

  return {
    token(request, reply) {
      let nonce = readCookie(request, COOKIE);
      if (!validNonce(nonce)) {
        nonce = randomBytes(24).toString('base64url');
        reply.header(
          'set-cookie',
          `${COOKIE}=${nonce}; Path=${options.path}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`,
        );
      }
      return sign(nonce, options.keys[0]!);
    },

    check(request, token) {
      const nonce = readCookie(request, COOKIE);
      if (!validNonce(nonce) || typeof token !== 'string') return false;
      const given = Buffer.from(token);
      return options.keys.some((key) => {
        const expected = Buffer.from(sign(nonce, key));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    },
  };
}
