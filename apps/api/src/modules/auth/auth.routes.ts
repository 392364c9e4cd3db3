import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backChannelLogoutRequest, loginQuery, redirectResponse } from '@questa/contracts';
import { acceptFormPosts } from '@questa/http-kit';
import { z } from 'zod';
import type { AuthService } from './auth.service';
import { SESSION_ABSOLUTE_MS } from './auth.service';
import { sessionCookie } from './session-cookie';

export interface AuthRoutesOptions {
  auth: AuthService;
  cookieName: string;
  secureCookies: boolean;
  publicUrl: string;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, cookieName, secureCookies } = options;
  const meta = (request: { ip: string; id: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    requestId: request.id,
  });

  app.get(
    '/auth/login',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Start signing in at the identity provider',
        tags: ['auth'],
        querystring: loginQuery,
      },
    },
    async (request, reply) =>
      reply.redirect(
        await auth.startLogin(request.query.returnTo, {
          signup: request.query.signup === '1',
          locale: request.query.locale,
        }),
      ),
  );

  app.get(
    '/auth/callback',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Where the identity provider sends the browser back',
        tags: ['auth'],
        hide: true,
      },
    },
    async (request, reply) => {
      // The provider's answer is checked against the URL it was sent to, so rebuild it exactly.
      const callbackUrl = new URL(request.url, options.publicUrl);
      const { cookieValue, returnTo } = await auth
        .finishLogin(callbackUrl, meta(request))
        .catch((error: unknown) => {
          // The person sees a sentence and a way on; the operator needs to know why.
          const reason = error instanceof Error ? (error.cause ?? error.message) : error;
          request.log.warn({ reason }, 'sign-in callback failed');
          throw error;
        });
      reply.header(
        'set-cookie',
        sessionCookie(cookieName, cookieValue, {
          secure: secureCookies,
          maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000,
        }),
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo);
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { permission: 'session:read' },
      schema: {
        summary: 'Sign out here and at the identity provider',
        tags: ['auth'],
        querystring: loginQuery.pick({ locale: true }),
        response: { 200: redirectResponse },
      },
    },
    async (request, reply) => {
      const redirectTo = await auth.logout(request.auth!, meta(request), request.query.locale);
      reply.header(
        'set-cookie',
        sessionCookie(cookieName, '', { secure: secureCookies, maxAgeSeconds: 0 }),
      );
      return { redirectTo };
    },
  );

  // The provider posts a form, in a scope of its own so no other route takes form bodies.
  const backChannel: FastifyPluginAsyncZod = async (scope) => {
    acceptFormPosts(scope);
    scope.post(
      '/auth/backchannel-logout',
      {
        config: {
          permission: 'public',
          // Server to server: the provider's signature on the token is the proof, not an Origin.
          signedByCaller: true,
          problems: {
            'validation.failed':
              'the logout token does not verify: signature, issuer, audience, age, event, or it carries a nonce.',
            unavailable: 'the identity provider’s signing keys could not be fetched.',
          },
        },
        schema: {
          summary: 'End sign-ins the identity provider has ended',
          description:
            'Called by the OpenID Connect provider, never by a browser (Back-Channel Logout 1.0). A logout token naming a provider session (`sid`) ends the Questa sessions opened through it; one naming only the subject (`sub`), as after a password change, ends every session of that person at once, in every API process.',
          tags: ['auth'],
          consumes: ['application/x-www-form-urlencoded'],
          body: backChannelLogoutRequest,
          response: { 200: z.object({}) },
        },
      },
      async (request, reply) => {
        await auth.backChannelLogout(request.body.logout_token, { ip: request.ip });
        return reply.header('cache-control', 'no-store').send({});
      },
    );
  };
  await app.register(backChannel);
};
