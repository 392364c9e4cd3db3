import type { onRequestHookHandler } from 'fastify';
import { CSRF_HEADER } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { AuthService } from '../modules/auth/auth.service';
import { readCookie } from '../modules/auth/session-cookie';

/** What the relay needs: the session cookie's name, the page origin, and sessions' tokens. */
export interface TokenRelayOptions {
  cookieName: string;
  publicOrigin: string;
  auth: Pick<AuthService, 'resolve' | 'accessToken'>;
}

/**
 * Lets the browser call the question-database API with its session cookie: the request leaves
 * with the user's access token instead, so the question database sees only bearer tokens and the
 * browser never sees one. Integrators' requests, which carry their own token, pass untouched.
 */
export function tokenRelay(options: TokenRelayOptions): onRequestHookHandler {
  const { cookieName, publicOrigin, auth } = options;
  return async (request) => {
    if (request.headers.authorization) return;
    const cookie = readCookie(request.headers.cookie, cookieName);
    if (!cookie) return;
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      if (request.headers[CSRF_HEADER] !== '1' || request.headers.origin !== publicOrigin) {
        throw new HttpProblem('auth.forbidden', {
          detail: 'This request did not come from Questa’s own pages.',
        });
      }
    }
    const context = await auth.resolve(cookie);
    if (context) request.headers.authorization = `Bearer ${await auth.accessToken(context)}`;
  };
}
