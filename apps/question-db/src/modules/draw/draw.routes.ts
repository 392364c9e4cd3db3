import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankIdParams, bankParams, drawRequest, drawResult } from '@questa/contracts';
import { requireSession } from '../auth/guards';
import type { DrawService } from './draw.service';

export const drawRoutes: FastifyPluginAsyncZod<{ draws: DrawService }> = async (app, { draws }) => {
  app.post(
    '/clients/:clientId/banks/:bankId/draw',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'Draw published questions at random, by topic and difficulty',
        description:
          'Rules are filled in order and never repeat a question; `exclude` names questions ' +
          'to leave out. The same `seed` on an unchanged bank gives the same draw. Rules that ' +
          'could not be filled are listed in `shortfalls` by their index from 0.',
        tags: ['draw'],
        params: bankParams,
        body: drawRequest,
        response: { 200: drawResult },
      },
    },
    (request, reply) =>
      draws.draw(
        requireSession(request, reply),
        request.params.clientId,
        request.params.bankId,
        request.body,
      ),
  );

  app.post(
    '/catalog/banks/:bankId/draw',
    {
      // Services only: learners are members of no tenant, so the main API, which knows who may
      // see premium banks, draws for them with its own token.
      config: { permission: 'catalog:draw' },
      schema: {
        summary: 'Draw published questions from a public or premium bank, for a Questa service',
        description:
          'As the tenant draw, for the main API acting for learners with a client-credentials ' +
          'token. A private bank answers 404 as a missing one does.',
        tags: ['draw', 'catalog'],
        params: bankIdParams,
        body: drawRequest,
        response: { 200: drawResult },
      },
    },
    (request) => draws.drawFromCatalog(request.params.bankId, request.body),
  );
};
