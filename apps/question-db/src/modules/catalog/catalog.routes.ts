import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankIdParams, catalogBankDetail, catalogList } from '@questa/contracts';
import type { CatalogService } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/catalog/banks',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Public and premium banks with their published question counts',
        tags: ['catalog'],
        response: { 200: catalogList },
      },
    },
    () => catalog.list(),
  );

  app.get(
    '/catalog/banks/:bankId',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'One listed bank with its topics and question types',
        tags: ['catalog'],
        params: bankIdParams,
        response: { 200: catalogBankDetail },
      },
    },
    (request) => catalog.get(request.params.bankId),
  );
};
