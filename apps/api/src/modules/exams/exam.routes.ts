import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerBody,
  bankIdParams,
  blueprintList,
  examAttempt,
  examAttemptParams,
  examList,
  examResponseParams,
  examReview,
  examStart,
  learnerBlueprint,
  learnerBlueprintParams,
  responseAck,
} from '@questa/contracts';
import type { ExamService } from './exam.service';

const tags = ['exams'];

export const examRoutes: FastifyPluginAsyncZod<{ exams: ExamService }> = async (app, { exams }) => {
  app.get(
    '/banks/:bankId/blueprints',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'payment.required': 'the bank is premium and the learner has no premium.',
        },
      },
      schema: {
        summary: 'The exams a learner can take in a bank: the built-in one and the authors’',
        tags,
        params: bankIdParams,
        response: { 200: blueprintList },
      },
    },
    async (request) => ({
      blueprints: await exams.blueprintsForLearner(
        request.auth!.user,
        request.params.bankId,
        request.id,
      ),
    }),
  );

  app.get(
    '/banks/:bankId/blueprints/:blueprintId',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'payment.required': 'the bank is premium and the learner has no premium.',
        },
      },
      schema: {
        summary: 'One exam of a bank, with the time limit the learner would have',
        description:
          'What a start page shows before the clock runs: the number of questions, the pass mark, the review policy and the time limit including the extra time an admin granted this learner. Reading it starts nothing.',
        tags,
        params: learnerBlueprintParams,
        response: { 200: learnerBlueprint },
      },
    },
    (request) =>
      exams.blueprintForLearner(
        request.auth!.user,
        request.params.bankId,
        request.params.blueprintId,
        request.id,
      ),
  );

  app.post(
    '/exams',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'payment.required': 'exams are part of premium, or the bank is premium.',
        },
      },
      schema: {
        summary: 'Start a timed exam: questions pinned, deadline set by the server',
        description:
          'The attempt pins the current version of each drawn question, so edits made later do not change it. The deadline is the server’s clock plus the learner’s extra time; at the deadline plus a short grace the server submits the attempt with what was saved, whether or not anyone is connected.',
        tags,
        body: examStart,
        response: { 201: examAttempt },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await exams.start(request.auth!.user, request.body, request.id)),
  );

  app.get(
    '/exams',
    {
      config: { permission: 'learning:use' },
      schema: { summary: 'My exams, newest first', tags, response: { 200: examList } },
    },
    async (request) => ({ attempts: await exams.list(request.auth!.user) }),
  );

  app.get(
    '/exams/:attemptId',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'An exam with its questions, saved answers and the server’s clock',
        tags,
        params: examAttemptParams,
        response: { 200: examAttempt },
      },
    },
    (request) => exams.view(request.auth!.user, request.params.attemptId),
  );

  app.put(
    '/exams/:attemptId/responses/:position',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'exam.expired':
            'the deadline (plus grace) has passed; the attempt is graded with what was saved before it.',
        },
      },
      schema: {
        summary: 'Save the answer to one question; acknowledged once committed',
        description:
          'Sending the same answer again is harmless. The response carries the time the server stored it; a client keeps unsent answers until it has that acknowledgement.',
        tags,
        params: examResponseParams,
        body: answerBody,
        response: { 200: responseAck },
      },
    },
    (request) =>
      exams.saveResponse(
        request.auth!.user,
        request.params.attemptId,
        request.params.position,
        request.body.answer,
      ),
  );

  app.post(
    '/exams/:attemptId/submit',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'Submit and grade an exam (again: returns it as it is)',
        tags,
        params: examAttemptParams,
        response: { 200: examAttempt },
      },
    },
    (request) => exams.submit(request.auth!.user, request.params.attemptId),
  );

  app.get(
    '/exams/:attemptId/review',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'A submitted exam’s review, as much as its policy shows',
        tags,
        params: examAttemptParams,
        response: { 200: examReview },
      },
    },
    (request) => exams.review(request.auth!.user, request.params.attemptId),
  );
};
