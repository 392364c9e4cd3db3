import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerBody,
  gradedAnswer,
  reviewCardParams,
  reviewQueue,
  selfRatingBody,
} from '@questa/contracts';
import type { ReviewService } from './review.service';

const tags = ['reviews'];

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewService }> = async (
  app,
  { reviews },
) => {
  app.get(
    '/review/queue',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'Review cards due now, then new ones within the daily limit',
        tags,
        response: { 200: reviewQueue },
      },
    },
    (request) => reviews.queue(request.auth!.user),
  );

  app.post(
    '/review/cards/:cardId/answer',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'Answer a review card: graded, and rescheduled by FSRS',
        tags,
        params: reviewCardParams,
        body: answerBody,
        response: { 200: gradedAnswer },
      },
    },
    (request) => reviews.answer(request.auth!.user, request.params.cardId, request.body.answer),
  );

  app.post(
    '/review/cards/:cardId/rating',
    {
      config: {
        permission: 'learning:use',
        problems: { 'grading.not_awaiting': 'the card’s question is not an essay.' },
      },
      schema: {
        summary: 'Rate one’s own essay on a review card, which reschedules the card',
        description:
          'An essay answered on a review card comes back awaiting the learner’s rating, with the model answer and rubric; the rating (`missed`, `partly`, `got_it`) is the answer’s score.',
        tags,
        params: reviewCardParams,
        body: selfRatingBody,
        response: { 200: gradedAnswer },
      },
    },
    (request) => reviews.rate(request.auth!.user, request.params.cardId, request.body.rating),
  );
};
