import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParams, publishingSettings, publishingSettingsUpdate } from '@questa/contracts';
import { requireSession } from '../auth/guards';
import type { PublishingService } from './publishing.service';

export const publishingRoutes: FastifyPluginAsyncZod<{ publishing: PublishingService }> = async (
  app,
  { publishing },
) => {
  // Every member may read it: the studio says why publishing is refused before anyone tries.
  app.get(
    '/clients/:clientId/publishing',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'Whether publishing in a tenant needs a second person',
        tags: ['tenants'],
        params: clientParams,
        response: { 200: publishingSettings },
      },
    },
    (request) => publishing.settings(request.params.clientId),
  );

  app.put(
    '/clients/:clientId/publishing',
    {
      config: { permission: 'member:manage' },
      schema: {
        summary: 'Choose whether publishing needs a second person’s review',
        tags: ['tenants'],
        params: clientParams,
        body: publishingSettingsUpdate,
        response: { 200: publishingSettings },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const saved = await publishing.choose(clientId, request.body.secondPerson);
      request.log.info(
        {
          audit: 'publishing.changed',
          actor: requireSession(request, reply).sub,
          clientId,
          secondPerson: request.body.secondPerson,
        },
        'publishing rule changed',
      );
      return saved;
    },
  );
};
