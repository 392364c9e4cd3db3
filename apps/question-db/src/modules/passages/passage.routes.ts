import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankParams,
  passageCreate,
  passageDetail,
  passageList,
  passageParams,
  passageQuestionParams,
  passageSave,
} from '@questa/contracts';
import { requireSession } from '../auth/guards';
import type { PassageService } from './passage.service';

const livePassage =
  'changing a passage needs question:write; changing one that published questions use, or which published questions it carries, needs question:publish.';

export const passageRoutes: FastifyPluginAsyncZod<{ passages: PassageService }> = async (
  app,
  { passages },
) => {
  app.get(
    '/clients/:clientId/banks/:bankId/passages',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'The bank’s passages (shared stimuli), most recently changed first',
        tags: ['passages'],
        params: bankParams,
        response: { 200: passageList },
      },
    },
    (request, reply) =>
      passages.list(requireSession(request, reply), request.params.clientId, request.params.bankId),
  );

  app.post(
    '/clients/:clientId/banks/:bankId/passages',
    {
      config: { permission: 'question:write' },
      schema: {
        summary: 'Write a new passage: a text, image or audio that questions of the bank share',
        description:
          'A passage has no answer. Attach questions to it; draws, exams and practice then keep ' +
          'them together, in the order they were attached, with the passage above each.',
        tags: ['passages'],
        params: bankParams,
        body: passageCreate,
        response: { 201: passageDetail },
      },
    },
    async (request, reply) => {
      const { clientId, bankId } = request.params;
      const created = await passages.create(
        requireSession(request, reply),
        clientId,
        bankId,
        request.body.content,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/clients/:clientId/passages/:passageId',
    {
      config: { permission: 'tenant:read' },
      schema: {
        summary: 'A passage with its current version and the questions that refer to it',
        tags: ['passages'],
        params: passageParams,
        response: { 200: passageDetail },
      },
    },
    (request, reply) =>
      passages.get(
        requireSession(request, reply),
        request.params.clientId,
        request.params.passageId,
      ),
  );

  app.put(
    '/clients/:clientId/passages/:passageId',
    {
      // The service decides: authors change passages no published question uses, reviewers
      // and owners (question:publish) any passage.
      config: {
        permission: 'tenant:read',
        problems: {
          'conflict.version': '`expectedRevision` is not the passage’s current revision.',
          'auth.forbidden': livePassage,
        },
      },
      schema: {
        summary: 'Save the passage as a new version',
        description:
          'Every save adds a version; new draws carry the newest, and exams already started keep ' +
          'the version they drew.',
        tags: ['passages'],
        params: passageParams,
        body: passageSave,
        response: { 200: passageDetail },
      },
    },
    (request, reply) =>
      passages.save(
        requireSession(request, reply),
        request.params.clientId,
        request.params.passageId,
        request.body,
      ),
  );

  app.delete(
    '/clients/:clientId/passages/:passageId',
    {
      config: {
        permission: 'question:write',
        problems: { 'passage.in_use': 'questions still refer to the passage; detach them first.' },
      },
      schema: {
        summary: 'Delete a passage no question refers to',
        tags: ['passages'],
        params: passageParams,
        response: { 204: z.null().meta({ description: 'The passage and its versions are gone.' }) },
      },
    },
    async (request, reply) => {
      const principal = requireSession(request, reply);
      const { clientId, passageId } = request.params;
      await passages.delete(principal, clientId, passageId);
      request.log.info({ audit: 'passage.deleted', actor: principal.sub, clientId, passageId });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/clients/:clientId/passages/:passageId/questions/:questionId',
    {
      // As saving: question:write for unpublished questions, question:publish for any.
      config: {
        permission: 'tenant:read',
        problems: {
          'passage.other_bank': 'the question is in another bank than the passage.',
          'auth.forbidden': livePassage,
        },
      },
      schema: {
        summary: 'Attach a question to the passage, after the questions it already carries',
        description:
          'A question refers to at most one passage, of its own bank: attaching it here takes ' +
          'it from any other. Attaching does not make a new question version.',
        tags: ['passages'],
        params: passageQuestionParams,
        response: { 200: passageDetail },
      },
    },
    (request, reply) =>
      passages.attach(
        requireSession(request, reply),
        request.params.clientId,
        request.params.passageId,
        request.params.questionId,
      ),
  );

  app.delete(
    '/clients/:clientId/passages/:passageId/questions/:questionId',
    {
      config: { permission: 'tenant:read', problems: { 'auth.forbidden': livePassage } },
      schema: {
        summary: 'Detach a question from the passage',
        tags: ['passages'],
        params: passageQuestionParams,
        response: { 200: passageDetail },
      },
    },
    (request, reply) =>
      passages.detach(
        requireSession(request, reply),
        request.params.clientId,
        request.params.passageId,
        request.params.questionId,
      ),
  );
};
