import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankParams, itemStatistics } from '@questa/contracts';
import type { ItemStatisticsService } from './item-statistics.service';

/** For a tenant's members: the access plugin checks the role in `:clientId`. */
export const itemStatisticsRoutes: FastifyPluginAsyncZod<{
  statistics: ItemStatisticsService;
}> = async (app, { statistics }) => {
  app.get(
    '/authoring/clients/:clientId/banks/:bankId/item-statistics',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'Facility and discrimination per question, from real answers',
        tags: ['authoring'],
        params: bankParams,
        response: { 200: itemStatistics },
      },
    },
    (request) => statistics.forBank(request.params.clientId, request.params.bankId),
  );
};
