import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  LIVE_LIMITS,
  liveJoin,
  liveJoined,
  liveResults,
  liveRoomCreate,
  liveRoomList,
  liveRoomParams,
  liveRoomSummary,
  type LiveResults,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { UserRow } from '../users/user.repository';
import type { LiveService } from './live.service';
import { createRateLimiter } from './rate-limit';

const tags = ['live'];

/** A room's results as CSV: one row per player, then one per question. */
export function resultsCsv(results: LiveResults): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // Quoted, and a leading = + - @ neutralised, so a spreadsheet never runs a nickname.
    return `"${text.replace(/^[=+\-@]/, "'$&").replace(/"/g, '""')}"`;
  };
  const rows = [
    ['rank', 'nickname', 'score', 'correct', 'answered', 'signed in'],
    ...results.players.map((player) => [
      player.rank,
      player.nickname,
      player.score,
      player.correct,
      player.answered,
      player.signedIn ? 'yes' : 'no',
    ]),
    [],
    ['question', 'stem', 'type', 'answered', 'correct share', 'average seconds'],
    ...results.questions.map((question) => [
      question.position,
      question.stem,
      question.type,
      question.answered,
      Math.round(question.correctShare * 100) / 100,
      question.averageMs === null ? null : Math.round(question.averageMs / 100) / 10,
    ]),
  ];
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export const liveRoutes: FastifyPluginAsyncZod<{
  live: LiveService;
  /** The signed-in user, if any: guests join rooms too. */
  optionalUser: (request: FastifyRequest) => Promise<UserRow | undefined>;
}> = async (app, { live, optionalUser }) => {
  // Only wrong codes count: a class behind one school address joins in one go, while a loop
  // guessing codes is stopped after a few tries a minute.
  const wrongCodes = createRateLimiter({
    limit: LIVE_LIMITS.wrongCodesPerMinute,
    windowMs: 60_000,
  });

  app.post(
    '/rooms',
    {
      config: {
        permission: 'room:host',
        problems: { 'payment.required': 'the bank is premium and the host has no premium.' },
      },
      schema: {
        summary: 'Open a live room: questions drawn from a bank and pinned, a fresh 6-digit code',
        description:
          'Only the types a live room can ask are drawn: single choice, multiple response, true/false, numeric, short text and ordering.',
        tags,
        body: liveRoomCreate,
        response: { 201: liveRoomSummary },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await live.createRoom(request.auth!.user, request.body, request.id)),
  );

  app.get(
    '/rooms',
    {
      config: { permission: 'room:host' },
      schema: { summary: 'The rooms I host, newest first', tags, response: { 200: liveRoomList } },
    },
    async (request) => ({ rooms: await live.listRooms(request.auth!.user) }),
  );

  app.get(
    '/rooms/:roomId/results',
    {
      config: { permission: 'room:host' },
      schema: {
        summary: 'A room’s results: per player and per question',
        tags,
        params: liveRoomParams,
        response: { 200: liveResults },
      },
    },
    (request) => live.results(request.auth!.user, request.params.roomId),
  );

  app.get(
    '/rooms/:roomId/results.csv',
    {
      config: { permission: 'room:host' },
      schema: {
        summary: 'A room’s results as CSV, for a spreadsheet',
        tags,
        params: liveRoomParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const results = await live.results(request.auth!.user, request.params.roomId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="questa-live-${results.room.code}-results.csv"`,
        )
        .send(resultsCsv(results));
    },
  );

  app.post(
    '/rooms/join',
    {
      config: {
        permission: 'public',
        problems: {
          'live.room_not_found': 'no open room has this code.',
          'live.room_full': 'the room has as many players as its host allows.',
          'live.nickname_taken': 'someone in the room has this nickname.',
          rate_limited: 'too many wrong codes from this address; wait `Retry-After` seconds.',
        },
      },
      schema: {
        summary: 'Join a room by its code; the answer’s token brings the same player back later',
        description:
          'Guests play with a nickname only. A signed-in player who joins a room again comes back as the same player, with their nickname, score and streak.',
        tags,
        body: liveJoin,
        response: { 201: liveJoined },
      },
    },
    async (request, reply) => {
      wrongCodes.check(request.ip);
      const user = await optionalUser(request);
      try {
        return reply.code(201).send(await live.join(user ?? null, request.body));
      } catch (error) {
        if (error instanceof HttpProblem && error.code === 'live.room_not_found') {
          wrongCodes.hit(request.ip);
        }
        throw error;
      }
    },
  );
};
