import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  bankIdParams,
  liveCandidateList,
  liveCandidateQuery,
  liveClaim,
  liveClaimed,
  liveHostBanks,
  liveJoin,
  liveJoined,
  liveResults,
  liveRoomCreate,
  liveRoomList,
  liveRoomParams,
  liveRoomSummary,
  liveTeamColours,
  type LiveResults,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { readCookie } from '../auth/session-cookie';
import type { UserRow } from '../users/user.repository';
import type { LiveClaims } from './live-claim';
import type { LiveService } from './live.service';
import type { RoomQuestions } from './room-questions';
import { createJoinLimits } from './join-limits';

const tags = ['live'];

/** A room's results as CSV: one row per player, then one per team (if any) and per question. */
export function resultsCsv(results: LiveResults): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // Quoted, and a leading = + - @ neutralised, so a spreadsheet never runs a nickname.
    return `"${text.replace(/^[=+\-@]/, "'$&").replace(/"/g, '""')}"`;
  };
  const teams = results.teams.length > 0;
  const rows = [
    ['rank', 'nickname', 'score', 'correct', 'answered', 'signed in', ...(teams ? ['team'] : [])],
    ...results.players.map((player) => [
      player.rank,
      player.nickname,
      player.score,
      player.correct,
      player.answered,
      player.signedIn ? 'yes' : 'no',
      ...(teams ? [player.team] : []),
    ]),
    [],
    // A team is named by its number and colour, as the screens show it (team 1 is red).
    ...(teams
      ? [
          ['team rank', 'team', 'colour', 'average score', 'players', 'players counted'],
          ...results.teams.map((team) => [
            team.rank,
            team.team,
            liveTeamColours[team.team - 1] ?? null,
            team.score,
            team.members,
            team.counted,
          ]),
          [],
        ]
      : []),
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

const DEVICE_COOKIE = 'questa_live_device';

/**
 * The device a join comes from, by a cookie of its own; a device without one gets one. It names
 * nobody: it only lets limits tell one phone from the others behind a school's address.
 */
function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  const known = readCookie(request.headers.cookie, DEVICE_COOKIE);
  if (known) return known;
  const device = randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${device}; Path=/api/rooms; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`,
  );
  return device;
}

export const liveRoutes: FastifyPluginAsyncZod<{
  live: LiveService;
  roomQuestions: RoomQuestions;
  claims: LiveClaims;
  /** The signed-in user, if any: guests join rooms too. */
  optionalUser: (request: FastifyRequest) => Promise<UserRow | undefined>;
}> = async (app, { live, roomQuestions, claims, optionalUser }) => {
  // Wrong codes count per device: a class behind one school address joins in one go while a
  // loop guessing codes is stopped after a few tries a minute.
  const joinLimits = createJoinLimits();

  app.post(
    '/rooms',
    {
      config: {
        permission: 'room:host',
        problems: {
          'payment.required': 'the bank is premium and the host has no premium.',
          'validation.failed':
            'the bank has no question a live room can ask, or questions picked by hand are not published, not of a live type or not in the bank (`errors` names each by its place in `questions.questionIds`).',
          not_found:
            'the bank is not in the catalog, or `clientId` names a tenant you do not belong to or a bank it does not have.',
        },
      },
      schema: {
        summary:
          'Open a live room: questions drawn or picked from a bank and pinned, a fresh 6-digit code',
        description: [
          'The questions are drawn at random (`questions.mode` `draw`, by topic and difficulty) or picked by hand in the order they are asked (`pick`). Their published versions are pinned: later edits do not change the room.',
          'A bank of the catalog is used as for practice, premium banks for premium hosts only. With `clientId`, the bank is one of that tenant, read with your own access: private banks too. Either kind can be drawn from or picked from by hand (`GET /rooms/banks/{bankId}/questions` lists the questions to pick).',
          'Only the types a live room can ask are used: single choice, multiple response, true/false, numeric, short text, ordering and hotspots.',
        ].join('\n\n'),
        tags,
        body: liveRoomCreate,
        response: { 201: liveRoomSummary },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await live.createRoom(request.auth!, request.body, request.id)),
  );

  app.get(
    '/rooms/banks',
    {
      config: { permission: 'room:host' },
      schema: {
        summary: 'The banks I may open a room from: the catalog’s and my tenants’',
        description:
          'Catalog banks are those of tenants you do not belong to; the banks of your own tenants, private ones too, are listed under each tenant. Questions can be drawn or picked by hand from either.',
        tags,
        response: { 200: liveHostBanks },
      },
    },
    (request) => roomQuestions.hostBanks(request.auth!, request.id),
  );

  app.get(
    '/rooms/banks/:bankId/questions',
    {
      config: {
        permission: 'room:host',
        problems: {
          'payment.required': 'the bank is a premium bank of the catalog and you have no premium.',
          not_found:
            'without `clientId`, the bank is not in the catalog; with it, `clientId` names a tenant you do not belong to, or the bank is not one of its.',
        },
      },
      schema: {
        summary: 'Questions to pick for a room: a bank’s published questions of a live type',
        description:
          'With `clientId`, a bank of a tenant you belong to, read with your own access; without it, a public or premium bank of the catalog (premium ones for premium hosts only). Newest first, or best match first with `q`. A page may hold fewer questions than others (questions of other types are left out); follow `nextCursor` until it is null.',
        tags,
        params: bankIdParams,
        querystring: liveCandidateQuery,
        response: { 200: liveCandidateList },
      },
    },
    (request) =>
      roomQuestions.candidates(request.auth!, request.params.bankId, request.query, request.id),
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
    '/rooms/:roomId/claim',
    {
      // Any signed-in user: the guest who played is, by definition, no host.
      config: {
        permission: 'learning:use',
        problems: {
          not_found:
            'the token names no player of this room on this device (or the host removed them).',
          'auth.forbidden': 'the player belongs to another account already.',
          'validation.failed':
            'the game is not finished yet, or your account played this room as another player.',
        },
      },
      schema: {
        summary:
          'Keep a guest’s result: the player this device joined as becomes the signed-in user’s',
        description:
          'Send the player token the device got from `POST /rooms/join`, in the body. The player’s scored answers then count in your progress and reviews, as a signed-in player’s do. Claiming a player that is yours already changes nothing and answers the same, with `answersRecorded` 0.',
        tags,
        params: liveRoomParams,
        body: liveClaim,
        response: { 200: liveClaimed },
      },
    },
    (request) => claims.claim(request.auth!.user, request.params.roomId, request.body.playerToken),
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
          'live.room_locked': 'the host has locked the room to newcomers.',
          'auth.forbidden': 'the host removed this nickname or account from the room.',
          'auth.required': 'the room is a class’s and you are not signed in.',
          'live.class_only': 'the room is a class’s and you are not one of its learners.',
          rate_limited:
            'too many wrong codes from this device (or, all together, from this address), or this device joined the room too often; wait `Retry-After` seconds.',
        },
      },
      schema: {
        summary: 'Join a room by its code; the answer’s token brings the same player back later',
        description:
          'Guests play with a nickname only. A signed-in player who joins a room again comes back as the same player, with their nickname, score and streak. A class’s room takes the class’s learners only, signed in, named by their account (a nickname sent is ignored).',
        tags,
        body: liveJoin,
        response: { 201: liveJoined },
      },
    },
    async (request, reply) => {
      const joiner = { device: deviceOf(request, reply), address: request.ip };
      joinLimits.check(joiner, request.body.code);
      const user = await optionalUser(request);
      try {
        const joined = await live.join(user ?? null, request.body);
        joinLimits.joined(joiner, request.body.code);
        return reply.code(201).send(joined);
      } catch (error) {
        if (error instanceof HttpProblem && error.code === 'live.room_not_found') {
          joinLimits.wrongCode(joiner);
        }
        throw error;
      }
    },
  );
};
