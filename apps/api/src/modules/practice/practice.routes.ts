import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  selfRatingBody,
  allowance,
  answerBody,
  bookmarkBody,
  bookmarkParams,
  bookmarkList,
  practiceAnswerResult,
  practiceItemParams,
  practiceSessionParams,
  practiceStart,
  practiceState,
  practiceSummary,
} from '@questa/contracts';
import type { PracticeService } from './practice.service';

const tags = ['practice'];

export const practiceRoutes: FastifyPluginAsyncZod<{ practice: PracticeService }> = async (
  app,
  { practice },
) => {
  app.post(
    '/practice/sessions',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'payment.required': 'the bank is premium and the learner has no premium.',
          'quota.exceeded':
            'a learner without premium has no free answers left today, so a session could not take one.',
        },
      },
      schema: {
        summary: 'Start practising a catalog bank, and draw the first question',
        description:
          'Premium banks need premium (`payment.required`). Questions answered in the bank in ' +
          'the last 7 days are drawn only when nothing else is left. A free learner whose daily ' +
          'answers are used up is refused (`quota.exceeded`) rather than given a session they cannot answer.',
        tags,
        body: practiceStart,
        response: { 201: practiceState },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await practice.start(request.auth!.user, request.body, request.id)),
  );

  app.get(
    '/practice/sessions/:sessionId',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'A practice session and its newest question',
        tags,
        params: practiceSessionParams,
        response: { 200: practiceState },
      },
    },
    (request) => practice.state(request.auth!.user, request.params.sessionId),
  );

  app.get(
    '/practice/sessions/:sessionId/summary',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary:
          'What a practice session came to: answered, right, by topic, and when each comes back',
        description:
          'Reading it ends nothing; `POST /practice/sessions/{sessionId}/finish` closes the session. ' +
          'Review dates are the cards’ current ones, so an answer given since in a review moves them.',
        tags,
        params: practiceSessionParams,
        response: { 200: practiceSummary },
      },
    },
    (request) => practice.summary(request.auth!.user, request.params.sessionId),
  );

  app.post(
    '/practice/sessions/:sessionId/finish',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'Finish a practice session (early, or after its last question) and sum it up',
        description:
          'The session takes no more answers or draws (`practice.finished`); its summary stays. ' +
          'An unanswered question on screen is not counted. Finishing again returns the same summary.',
        tags,
        params: practiceSessionParams,
        response: { 200: practiceSummary },
      },
    },
    (request) => practice.finish(request.auth!.user, request.params.sessionId),
  );

  app.post(
    '/practice/sessions/:sessionId/next',
    {
      config: {
        permission: 'learning:use',
        problems: { 'practice.finished': 'the learner has finished the session.' },
      },
      schema: {
        summary: 'Draw the next question (or get the one still unanswered)',
        tags,
        params: practiceSessionParams,
        response: { 200: practiceState },
      },
    },
    (request) => practice.next(request.auth!.user, request.params.sessionId, request.id),
  );

  app.post(
    '/practice/sessions/:sessionId/items/:itemId/answer',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'quota.exceeded':
            'a learner without premium has used today’s free answers; `GET /allowance` says when they return.',
          'practice.finished': 'the learner has finished the session.',
        },
      },
      schema: {
        summary: 'Answer a question: graded at once, with the key and the explanation',
        description:
          'Answering an answered question again returns the stored result, so a retried request never counts twice.',
        tags,
        params: practiceItemParams,
        body: answerBody,
        response: { 200: practiceAnswerResult },
      },
    },
    (request) =>
      practice.answer(
        request.auth!.user,
        request.params.sessionId,
        request.params.itemId,
        request.body.answer,
      ),
  );

  app.post(
    '/practice/sessions/:sessionId/items/:itemId/rating',
    {
      config: {
        permission: 'learning:use',
        problems: {
          'grading.not_awaiting': 'the item is not an answered essay.',
        },
      },
      schema: {
        summary: 'Rate one’s own essay against the model answer',
        description:
          'An essay is not graded by a machine: after answering, the learner compares it with the model answer and rubric and rates it. `missed` scores nothing, `partly` half the points, `got_it` all of them; the rating moves the review card. Rating again returns the stored result.',
        tags,
        params: practiceItemParams,
        body: selfRatingBody,
        response: { 200: practiceAnswerResult },
      },
    },
    (request) =>
      practice.rate(
        request.auth!.user,
        request.params.sessionId,
        request.params.itemId,
        request.body.rating,
      ),
  );

  app.put(
    '/practice/sessions/:sessionId/items/:itemId/bookmark',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'Bookmark a question (it joins the reviews as a new card) or remove the bookmark',
        tags,
        params: practiceItemParams,
        body: bookmarkBody,
      },
    },
    async (request, reply) => {
      await practice.bookmark(
        request.auth!.user,
        request.params.sessionId,
        request.params.itemId,
        request.body.bookmarked,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/bookmarks',
    {
      config: { permission: 'learning:use' },
      schema: { summary: 'My bookmarked questions', tags, response: { 200: bookmarkList } },
    },
    async (request) => ({ bookmarks: await practice.bookmarks(request.auth!.user) }),
  );

  app.delete(
    '/bookmarks/:questionId',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'Remove a bookmark',
        description:
          'The review card the bookmark made stays. Another learner’s bookmark, or none, is `not_found`.',
        tags,
        params: bookmarkParams,
      },
    },
    async (request, reply) => {
      await practice.removeBookmark(request.auth!.user, request.params.questionId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/allowance',
    {
      config: { permission: 'learning:use' },
      schema: {
        summary: 'Today’s free practice allowance',
        tags,
        response: { 200: allowance },
      },
    },
    (request) => practice.allowance(request.auth!.user),
  );
};
