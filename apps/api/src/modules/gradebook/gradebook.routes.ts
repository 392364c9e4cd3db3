import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classLearnerParams, classParams, gradebook, learnerHistory } from '@questa/contracts';
import type { GradebookService } from './gradebook.service';

const tags = ['classes'];
const base = '/teaching/clients/:clientId/classes/:classId';

export const gradebookRoutes: FastifyPluginAsyncZod<{ gradebook: GradebookService }> = async (
  app,
  { gradebook: book },
) => {
  app.get(
    `${base}/gradebook`,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'The class’s gradebook: learners × assignments',
        description:
          'Each learner’s `cells` follow `assignments` in order; a null cell is an assignment ' +
          'the learner has not started, any other is `[completed, score, late, ' +
          'timeSpentSeconds, attempts]` with 0/1 flags. Scores are the best completed attempt, ' +
          '0..1 to four decimals, after any late penalty.',
        tags,
        params: classParams,
        response: { 200: gradebook },
      },
    },
    (request) => book.grid(request.auth!, request.params, request.id),
  );

  app.get(
    `${base}/gradebook.csv`,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'The class’s gradebook as CSV, for a spreadsheet',
        tags,
        params: classParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await book.csv(request.auth!, request.params, request.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="gradebook-${request.params.classId}.csv"`,
        )
        .send(csv);
    },
  );

  app.get(
    `${base}/learners/:userId/history`,
    {
      config: { permission: 'class:manage' },
      schema: {
        summary: 'Every attempt one learner of the class made, newest first',
        tags,
        params: classLearnerParams,
        response: { 200: learnerHistory },
      },
    },
    (request) => book.history(request.auth!, request.params, request.id),
  );
};
