import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeAnswerRequest,
  challengeItemParams,
  challengeParams,
  challengeState,
  challengeSummary,
} from '@questa/contracts';
import type { ChallengeService } from './challenge.service';

const tags = ['classes'];
const base = '/challenges/:challengeId';
/** Every challenge route is the learner's own, in a class they are still in. */
const learner = { permission: 'learning:use' } as const;

export const challengeRoutes: FastifyPluginAsyncZod<{ challenges: ChallengeService }> = async (
  app,
  { challenges },
) => {
  app.get(
    base,
    {
      config: learner,
      schema: {
        summary: 'A challenge attempt: the question being played, its time left, points so far',
        description:
          'Reading it starts no timer. A question whose timer ran out shows as timed out. ' +
          'Another learner’s attempt, or one of a class the learner left, is not found.',
        tags,
        params: challengeParams,
        response: { 200: challengeState },
      },
    },
    (request) => challenges.state(request.auth!.user, request.params.challengeId),
  );

  app.post(
    `${base}/next`,
    {
      config: learner,
      schema: {
        summary: 'Serve the next question of a challenge and start its timer',
        description:
          'The server stamps when the question is served; its answer is scored by the time since ' +
          'then. While a question is open it is given back unchanged; after the last, the attempt ' +
          'is finished and its score goes to the gradebook.',
        tags,
        params: challengeParams,
        response: { 200: challengeState },
      },
    },
    (request) => challenges.next(request.auth!.user, request.params.challengeId),
  );

  app.post(
    `${base}/items/:itemId/answer`,
    {
      config: {
        ...learner,
        problems: {
          'challenge.time_up': 'the question’s timer ran out: it is closed with no points.',
          'challenge.not_current': 'the question is not the one being played.',
        },
      },
      schema: {
        summary: 'Answer the question being played',
        description:
          'Graded at once and scored as a live room scores: a right answer earns 500 to 1000 ' +
          'points by the server’s time since the question was served, plus the streak bonus.',
        tags,
        params: challengeItemParams,
        body: challengeAnswerRequest,
        response: { 200: challengeState },
      },
    },
    (request) =>
      challenges.answer(
        request.auth!.user,
        request.params.challengeId,
        request.params.itemId,
        request.body.answer,
      ),
  );

  app.get(
    `${base}/summary`,
    {
      config: learner,
      schema: {
        summary: 'What a challenge attempt came to, and its place among the class’s attempts',
        tags,
        params: challengeParams,
        response: { 200: challengeSummary },
      },
    },
    (request) => challenges.summary(request.auth!.user, request.params.challengeId),
  );
};
