import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionInfo, type SessionInfo } from '@questa/contracts';
import { sendJsonText } from '@questa/http-kit';
import type { AuthService } from '../auth/auth.service';
import { readCookie } from '../auth/session-cookie';

const signedOut = JSON.stringify({
  user: null,
  memberships: [],
  entitlements: { premium: false, host: false },
} satisfies SessionInfo);

export const sessionRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  cookieName: string;
}> = async (app, { auth, cookieName }) => {
  app.get(
    '/session',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Who is signed in, their roles, memberships and entitlements; never a token',
        tags: ['auth'],
        response: { 200: sessionInfo },
      },
    },
    async (request, reply) => {
      const cookie = readCookie(request.headers.cookie, cookieName);
      const json = (cookie && (await auth.sessionInfoJson(cookie, request.id))) || signedOut;
      return sendJsonText(reply.header('cache-control', 'no-store'), json);
    },
  );
};
