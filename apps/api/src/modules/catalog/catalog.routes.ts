import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankIdParams, catalogBankDetail, catalogList } from '@questa/contracts';
import { sendJsonText } from '@questa/http-kit';
import type { CachedJson, CatalogService } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/catalog/banks',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Banks in the catalog: public and premium, with question counts',
        tags: ['catalog'],
        response: { 200: catalogList },
      },
    },
    async (request, reply) => sendCached(request, reply, await catalog.list(request.id)),
  );

  app.get(
    '/catalog/banks/:bankId',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'One bank of the catalog with its topics',
        tags: ['catalog'],
        params: bankIdParams,
        response: { 200: catalogBankDetail },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await catalog.get(request.params.bankId, request.id)),
  );
};

function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header('etag', cached.etag).header('cache-control', 'public, max-age=5');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return sendJsonText(reply, cached.json);
}
