import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientParams,
  gradeBody,
  gradingDetail,
  gradingParams,
  gradingQuery,
  gradingQueue,
} from '@questa/contracts';
import type { GradingService } from './grading.service';

const tags = ['grading'];

/** For a tenant's graders: the access plugin checks the caller's role in `:clientId`. */
export const gradingRoutes: FastifyPluginAsyncZod<{ grading: GradingService }> = async (
  app,
  { grading },
) => {
  app.get(
    '/authoring/clients/:clientId/grading',
    {
      config: { permission: 'answer:grade' },
      schema: {
        summary: 'Essay answers from exams on the tenant’s banks, awaiting grading or graded',
        description:
          'Oldest submission first for answers awaiting grading, newest grade first for graded ones. ' +
          'Learners are named by a pseudonym that is stable within the tenant.',
        tags,
        params: clientParams,
        querystring: gradingQuery,
        response: { 200: gradingQueue },
      },
    },
    (request) => grading.queue(request.params.clientId, request.query.status),
  );

  app.get(
    '/authoring/clients/:clientId/grading/:attemptId/:position',
    {
      config: { permission: 'answer:grade' },
      schema: {
        summary: 'One essay answer with its question, rubric and model answer',
        operationId: 'getAuthoringClientGradingAnswer',
        tags,
        params: gradingParams,
        response: { 200: gradingDetail },
      },
    },
    (request) =>
      grading.open(request.params.clientId, request.params.attemptId, request.params.position),
  );

  app.put(
    '/authoring/clients/:clientId/grading/:attemptId/:position',
    {
      config: {
        permission: 'answer:grade',
        problems: {
          'grading.conflict': 'someone else graded the answer since `gradeVersion` was read.',
          'grading.not_awaiting': 'the answer is not an essay awaiting grading or graded.',
        },
      },
      schema: {
        summary: 'Grade an essay answer, or grade it again',
        operationId: 'putAuthoringClientGradingAnswer',
        description:
          'Points run from 0 to the question’s points in steps of 0.5. The attempt’s score, pass or ' +
          'fail and what is still pending are totalled again; a second grade is recorded in the audit log.',
        tags,
        params: gradingParams,
        body: gradeBody,
        response: { 200: gradingDetail },
      },
    },
    (request) =>
      grading.grade(
        request.params.clientId,
        request.params.attemptId,
        request.params.position,
        request.body,
        { sub: request.auth!.user.sub, ip: request.ip },
      ),
  );
};
