import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankIdParams,
  catalogBankDetail,
  catalogList,
  catalogQuery,
  catalogQuestionLookup,
  catalogQuestionLookupResult,
  catalogQuestionQuery,
  questionList,
} from '@questa/contracts';
import type { CatalogService } from './catalog.service';

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
        summary: 'Search public and premium banks that have published questions',
        description: [
          'A page of the banks a learner can use: public and premium ones, not archived, with at least one published question. A bank without any is left out until its first question is published.',
          '`q` finds text in the title or description; `language`, `tag`, `access` and `minQuestions` narrow the list; `sort` orders it. `total` counts the matches over every page, and `languages` and `tags` list what the whole catalog offers to filter by.',
        ].join('\n\n'),
        tags: ['catalog'],
        querystring: catalogQuery,
        response: { 200: catalogList },
      },
    },
    (request) => catalog.list(request.query),
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
        summary: 'One listed bank with its topics and question types',
        tags: ['catalog'],
        params: bankIdParams,
        response: { 200: catalogBankDetail },
      },
    },
    (request) => catalog.get(request.params.bankId),
  );

  // The two routes below are for services only, as the catalog draw is: the main API, which
  // knows who may see premium banks, lets a host choose questions with its own token.
  app.get(
    '/catalog/banks/:bankId/questions',
    {
      config: {
        permission: 'catalog:draw',
        problems: {
          not_found: 'the bank is private, or there is no such bank.',
          'validation.failed':
            '`types` names a type that does not exist, or `cursor` is not one this list gave out.',
        },
      },
      schema: {
        summary:
          'List a public or premium bank’s published questions of some types, for a Questa service',
        description: [
          'Newest first, or best match first with `q`, a page at a time: follow `nextCursor` until it is null. The same lines as a tenant’s question list, for the main API to let a host choose questions by hand.',
          'Only questions whose current version is the published one are listed: one with a newer version being written comes back once that is published. Drafts never show. A private bank answers 404 as a missing one does.',
        ].join('\n\n'),
        tags: ['catalog'],
        params: bankIdParams,
        querystring: catalogQuestionQuery,
        response: { 200: questionList },
      },
    },
    (request) => catalog.listQuestions(request.params.bankId, request.query),
  );

  app.post(
    '/catalog/banks/:bankId/questions/lookup',
    {
      config: {
        permission: 'catalog:draw',
        problems: {
          not_found: 'the bank is private, or there is no such bank.',
          'validation.failed': '`questionIds` is empty, names a question twice or holds over 100.',
        },
      },
      schema: {
        summary: 'Read chosen questions of a public or premium bank at their published version',
        description:
          'For a Questa service pinning the questions someone chose, as a draw pins drawn ones. The answer keeps the order asked and leaves out every id that is not a question of this bank with a published version, so the caller can say which ones it could not take. A private bank answers 404 as a missing one does.',
        tags: ['catalog'],
        params: bankIdParams,
        body: catalogQuestionLookup,
        response: { 200: catalogQuestionLookupResult },
      },
    },
    (request) => catalog.lookup(request.params.bankId, request.body.questionIds),
  );
};
