import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { progressReport } from '@questa/contracts';
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
};
