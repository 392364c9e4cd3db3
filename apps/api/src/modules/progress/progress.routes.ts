import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { progressAnalytics, progressReport } from '@questa/contracts';
import type { ProgressService } from './progress.service';

export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  app.get(
    '/progress',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'My progress: accuracy by topic, answers per day, streak and exams',
        tags: ['progress'],
        response: { 200: progressReport },
      },
    },
    (request) => progress.report(request.auth!.user),
  );

  app.get(
    '/progress/analytics',
    {
      config: {
        permission: 'learning:use',
        problems: { 'payment.required': 'detailed analytics are part of premium.' },
      },
      schema: {
        summary: 'My detailed analytics: recall forecast and time per question, by topic',
        description:
          'Premium (a plan with detailed analytics, or an admin’s grant). For each bank and ' +
          'topic the learner has answered: the mean chance of recalling its review cards now ' +
          'and in the days ahead if nothing is reviewed, how many fall due within a week, and ' +
          'the median time an answer takes in practice and review.',
        tags: ['progress'],
        response: { 200: progressAnalytics },
      },
    },
    (request) => progress.analytics(request.auth!.user),
  );
};
