import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExport,
  activeSessions,
  deleteAccountRequest,
  deletionScheduled,
  loginQuery,
  redirectResponse,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service';
import { sessionCookie } from '../auth/session-cookie';
import type { AccountService } from './account.service';

export const accountRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  account: AccountService;
  cookieName: string;
  secureCookies: boolean;
}> = async (app, { auth, account, cookieName, secureCookies }) => {
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
        querystring: loginQuery.pick({ locale: true }),
        response: { 200: redirectResponse },
      },
    },
    async (request, reply) => {
      const redirectTo = await auth.signOutEverywhere(
        request.auth!,
        meta(request),
        request.query.locale,
      );
      reply.header(
        'set-cookie',
        sessionCookie(cookieName, '', { secure: secureCookies, maxAgeSeconds: 0 }),
      );
      return { redirectTo };
    },
  );

  app.get(
    '/account/password',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'Go to the identity provider’s page for changing my password',
        description:
          'Redirects (303) to the provider’s own page, in the app’s language, so the password never passes through Questa. `not_found` when the provider offers no such page (an external one manages passwords itself).',
        tags: ['account'],
        querystring: loginQuery.pick({ locale: true }),
      },
    },
    async (request, reply) => {
      const url = account.passwordPageUrl(request.auth!.user.email, request.query.locale);
      if (!url) throw new HttpProblem('not_found');
      return reply.redirect(url, 303);
    },
  );

  app.get(
    '/account/export',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'Download everything Questa keeps about me, as a JSON file',
        tags: ['account'],
        response: { 200: accountExport },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="questa-my-data-${day}.json"`)
        .header('cache-control', 'no-store');
      return account.exportData(request.auth!.user.id);
    },
  );

  app.post(
    '/account/delete',
    {
      config: { permission: 'account:manage' },
      schema: {
        summary: 'Ask for my account’s deletion, in fourteen days',
        description:
          'Schedules the deletion fourteen days out, ends every session (at the identity provider too) and mails the date; signing in before then cancels it. When it is due, the learner’s answers, review cards, sessions, bookmarks and live results are erased and the account is deleted at the identity provider. Refused with `account.subscription_active` while a subscription still renews. Asking again keeps the first date.',
        tags: ['account'],
        body: deleteAccountRequest,
        response: { 200: deletionScheduled },
      },
    },
    async (request, reply) => {
      const scheduled = await account.requestDeletion(request.auth!.user.id, request.body.confirm);
      reply.header(
        'set-cookie',
        sessionCookie(cookieName, '', { secure: secureCookies, maxAgeSeconds: 0 }),
      );
      return scheduled;
    },
  );
};
