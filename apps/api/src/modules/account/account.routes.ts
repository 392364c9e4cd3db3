import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeSessions, redirectResponse } from '@questa/contracts';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service';
import { sessionCookie } from '../auth/session-cookie';

export const accountRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  cookieName: string;
  secureCookies: boolean;
}> = async (app, { auth, cookieName, secureCookies }) => {
  const meta = (request: { ip: string; id: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    requestId: request.id,
  });

  app.get(
    '/account/sessions',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'My signed-in sessions',
        tags: ['account'],
        response: { 200: activeSessions },
      },
    },
    async (request) => ({ sessions: await auth.listSessions(request.auth!) }),
  );

  app.delete(
    '/account/sessions/:sessionId',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'Sign out one of my sessions',
        tags: ['account'],
        params: z.strictObject({
          sessionId: z
            .string()
            .regex(/^[A-Za-z0-9_-]{16}$/)
            .meta({ description: 'A session’s id, as `GET /account/sessions` lists it.' }),
        }),
      },
    },
    async (request, reply) => {
      await auth.revokeSession(request.auth!, request.params.sessionId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/sign-out-everywhere',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'End every session of mine, this one included',
        tags: ['account'],
        response: { 200: redirectResponse },
      },
    },
    async (request, reply) => {
      const redirectTo = await auth.signOutEverywhere(request.auth!, meta(request));
      reply.header(
        'set-cookie',
        sessionCookie(cookieName, '', { secure: secureCookies, maxAgeSeconds: 0 }),
      );
      return { redirectTo };
    },
  );
};
