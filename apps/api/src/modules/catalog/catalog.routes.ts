import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankIdParams, catalogBankDetail, catalogList, catalogQuery } from '@questa/contracts';
import { sendJsonText } from '@questa/http-kit';
import type { CachedJson, CatalogService } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/catalog/banks',
    {
      config: {
        permission: 'public',
        problems: {
          'validation.failed':
            'a filter, `sort`, `page` or `pageSize` is not one of the values described.',
        },
      },
      schema: {
        summary: 'Search the catalog: public and premium banks that have published questions',
        description:
          'A page of matching banks with `total`, the count over every page, and the languages and tags the whole catalog offers to filter by. A bank with no published question is never listed.',
        tags: ['catalog'],
        querystring: catalogQuery,
        response: { 200: catalogList },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await catalog.list(request.query, request.id)),
  );

  app.get(
    '/catalog/banks/:bankId',
    {
      config: {
        permission: 'public',
        problems: {
          not_found:
            'the bank is private, has no published question yet, or there is no such bank.',
        },
      },
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
