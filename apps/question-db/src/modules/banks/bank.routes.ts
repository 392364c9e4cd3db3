import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParams, cursorQuery } from '@questa/contracts';
import { requireSession } from '../auth/guards';
import { tenantBankList } from '@questa/contracts';
import type { BankService } from './bank.service';

export const bankRoutes: FastifyPluginAsyncZod<{ banks: BankService }> = async (app, { banks }) => {
  app.get(
    '/clients/:clientId/banks',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'The tenant’s banks, a page at a time',
        tags: ['banks'],
        params: clientParams,
        querystring: cursorQuery,
        response: { 200: tenantBankList },
      },
    },
    (request, reply) =>
      banks.listForTenant(requireSession(request, reply), request.params.clientId, request.query),
  );
};
