import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankParams,
  clientParams,
  QUESTION_BULK_MAX,
  questionBulk,
  questionBulkResult,
  questionCount,
  questionCountQuery,
  questionCreate,
  questionDetail,
  questionList,
  questionListQuery,
  questionParams,
  questionSave,
  questionTransition,
  questionVersion,
  versionList,
  versionParams,
} from '@questa/contracts';
import { requireSession } from '../auth/guards';
import type { QuestionBulkService } from './question-bulk.service';
import type { QuestionListService } from './question-list.service';
import type { QuestionService } from './question.service';

export const questionRoutes: FastifyPluginAsyncZod<{
  questions: QuestionService;
  list: QuestionListService;
  bulk: QuestionBulkService;
}> = async (app, { questions, list, bulk }) => {
  app.get(
    '/clients/:clientId/questions',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'The tenant’s questions newest first, filtered, or found by full-text search',
        description:
          'With `q`, the newest 200 matches come first, most relevant first, each with a ' +
          '`headline` marking the matches with « and »; older matches follow, newest first.',
        tags: ['questions'],
        params: clientParams,
        querystring: questionListQuery,
        response: { 200: questionList },
      },
    },
    (request, reply) =>
      list.list(requireSession(request, reply), request.params.clientId, request.query),
  );

  app.get(
    '/clients/:clientId/questions/count',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'How many questions the list shows over all its pages, with the same filters',
        tags: ['questions'],
        params: clientParams,
        querystring: questionCountQuery,
        response: { 200: questionCount },
      },
    },
    (request, reply) =>
      list.count(requireSession(request, reply), request.params.clientId, request.query),
  );

  app.post(
    '/clients/:clientId/banks/:bankId/questions/bulk',
    {
      // Like a transition, each action checks its own permission: submitting, moving and
      // deleting need question:write, publishing and retiring question:publish.
      config: {
        permission: 'tenant:read',
        problems: {
          'bulk.too_many': `\`matching\` selects more than ${QUESTION_BULK_MAX} questions.`,
        },
      },
      schema: {
        summary: 'Submit, publish, retire, move or delete many of a bank’s questions at once',
        description:
          `Acts on the questions named in \`questionIds\` or on every question of the bank that passes the \`matching\` list filters, at most ${QUESTION_BULK_MAX}, in one transaction. ` +
          'Each question follows the rules it follows on its own: publishing takes questions in review, retiring published ones, and only drafts that were never published are deleted. ' +
          'A question the rules do not allow, or that is not in the bank, is skipped with a reason, and the others still change. ' +
          '`move` takes them, every version with them, to another bank of the same tenant.',
        tags: ['questions'],
        params: bankParams,
        body: questionBulk,
        response: { 200: questionBulkResult },
      },
    },
    (request, reply) =>
      bulk.apply(
        requireSession(request, reply),
        request.params.clientId,
        request.params.bankId,
        request.body,
      ),
  );

  app.post(
    '/clients/:clientId/banks/:bankId/questions',
    {
      config: { permission: 'question:write' },
      schema: {
        summary: 'Write a new question; its first version is a draft',
        tags: ['questions'],
        params: bankParams,
        body: questionCreate,
        response: { 201: questionDetail },
      },
    },
    async (request, reply) => {
      const { clientId, bankId } = request.params;
      const created = await questions.create(
        requireSession(request, reply),
        clientId,
        bankId,
        request.body.content,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/clients/:clientId/questions/:questionId',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'A question with its current version and revision',
        tags: ['questions'],
        params: questionParams,
        response: { 200: questionDetail },
      },
    },
    (request, reply) =>
      questions.get(
        requireSession(request, reply),
        request.params.clientId,
        request.params.questionId,
      ),
  );

  app.put(
    '/clients/:clientId/questions/:questionId',
    {
      config: {
        permission: 'question:write',
        problems: {
          'conflict.version':
            '`expectedRevision` is not the question’s current revision: someone saved it since you read it. Read it again and merge.',
        },
      },
      schema: {
        summary: 'Save the content; a published question gets a new draft version',
        description:
          'A draft is changed in place. A published or retired question keeps what learners see and gets a new draft version; publishing that draft replaces it.',
        tags: ['questions'],
        params: questionParams,
        body: questionSave,
        response: { 200: questionDetail },
      },
    },
    (request, reply) =>
      questions.save(
        requireSession(request, reply),
        request.params.clientId,
        request.params.questionId,
        request.body,
      ),
  );

  app.post(
    '/clients/:clientId/questions/:questionId/transitions',
    {
      // Each action checks its own permission: submitting needs question:write, publishing
      // and retiring question:publish, returning to draft either write or review.
      config: {
        permission: 'tenant:read',
        problems: {
          'conflict.version':
            '`expectedRevision` is stale, or the action does not apply to the question’s status.',
        },
      },
      schema: {
        summary: 'Submit, publish, retire, or return a question to draft',
        description:
          'Who may do what: authors submit and return to draft; reviewers and owners publish and retire. Draws only ever see published versions.',
        tags: ['questions'],
        params: questionParams,
        body: questionTransition,
        response: { 200: questionDetail },
      },
    },
    (request, reply) =>
      questions.transition(
        requireSession(request, reply),
        request.params.clientId,
        request.params.questionId,
        request.body,
      ),
  );

  app.get(
    '/clients/:clientId/questions/:questionId/versions',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'Every version of the question, newest first',
        tags: ['questions'],
        params: questionParams,
        response: { 200: versionList },
      },
    },
    (request, reply) =>
      questions.versions(
        requireSession(request, reply),
        request.params.clientId,
        request.params.questionId,
      ),
  );

  app.get(
    '/clients/:clientId/questions/:questionId/versions/:version',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'One version of the question',
        tags: ['questions'],
        params: versionParams,
        response: { 200: questionVersion },
      },
    },
    (request, reply) =>
      questions.version(
        requireSession(request, reply),
        request.params.clientId,
        request.params.questionId,
        request.params.version,
      ),
  );
};
