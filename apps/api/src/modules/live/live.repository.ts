import type {
  AnswerInput,
  LearnerPassage,
  LearnerQuestion,
  LiveRoomSettings,
  LiveRoomState,
  LiveTeamNames,
  LiveTeamSetup,
  QuestionContent,
} from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb, table } from '../../db/json';
import type { ApiDb } from '../../db/tables';
import { EARLY_TOLERANCE_MS } from './live-timing';

const iso = (value: string) => new Date(value).toISOString();

/** Up to this many players are ranked one by one; more, by one window over the room. */
const FEW_PLAYERS = 20;
const isoOrNull = (value: string | null) => (value === null ? null : iso(value));

export interface RoomRow {
  id: string;
  code: string;
  hostUserId: string;
  clientId: string;
  bankId: string;
  bankTitle: string;
  settings: LiveRoomSettings;
  state: LiveRoomState;
  position: number;
  questionCount: number;
  openedAt: string | null;
  deadline: string | null;
  pausedRemainingMs: number | null;
  skipped: boolean;
  createdAt: string;
  finishedAt: string | null;
  /** Host controls (`live.moderation.ts`): no new players; the answer shown at this position. */
  locked: boolean;
  revealedPosition: number;
  /** Team mode (`live-teams.ts`): null while every player plays for themselves. */
  teams: (LiveTeamSetup & { names?: LiveTeamNames }) | null;
  /** Counts the changes of the room's teams. */
  teamsRevision: number;
  /** A class's room: only the class's learners join, with their accounts (decision 0033). */
  classId: string | null;
  serverNow: string;
}

export interface PlayerRow {
  id: string;
  roomId: string;
  nickname: string;
  userId: string | null;
  score: number;
  streak: number;
  extraTimePercent: number;
  kicked: boolean;
  banned: boolean;
  connected: boolean;
  /** The player's team in a room that plays in teams; kept through reloads and reconnections. */
  team: number | null;
}

export interface PinnedLiveQuestion {
  position: number;
  questionId: string;
  version: number;
  content: QuestionContent;
  presented: LearnerQuestion;
  /** The passage of a question in a group, as it was when the room opened. */
  passage?: LearnerPassage | null;
}

const roomColumns = [
  'id',
  'code',
  'host_user_id as hostUserId',
  'client_id as clientId',
  'bank_id as bankId',
  'bank_title as bankTitle',
  'settings',
  'state',
  'position',
  'question_count as questionCount',
  'opened_at as openedAt',
  'deadline',
  'paused_remaining_ms as pausedRemainingMs',
  'skipped',
  'created_at as createdAt',
  'finished_at as finishedAt',
  'locked',
  'revealed_position as revealedPosition',
  'teams',
  'teams_revision as teamsRevision',
  'class_id as classId',
] as const;

const playerColumns = [
  'id',
  'room_id as roomId',
  'nickname',
  'user_id as userId',
  'score',
  'streak',
  'extra_time_percent as extraTimePercent',
  'kicked',
  'banned',
  'connected',
  'team',
] as const;

type RawRoom = Omit<RoomRow, 'serverNow'> & { serverNow: string };
const toRoom = (row: RawRoom): RoomRow => ({
  ...row,
  openedAt: isoOrNull(row.openedAt),
  deadline: isoOrNull(row.deadline),
  createdAt: iso(row.createdAt),
  finishedAt: isoOrNull(row.finishedAt),
  serverNow: iso(row.serverNow),
});

/** A change of a room's state, applied only if the room is still where the caller saw it. */
export interface RoomTransition {
  from: readonly LiveRoomState[];
  position?: number;
  set: {
    state?: LiveRoomState;
    position?: number;
    /** Opens the question now for this long (ms), by the database's clock. */
    openForMs?: number;
    /**
     * With `openForMs`: the teams' talk time (ms), which comes first. Answers open after it
     * (`opened_at`), and the deadline moves by as much.
     */
    talkMs?: number;
    pausedRemainingMs?: number | null;
    /** Resumes: the deadline becomes now + the remaining time. */
    resume?: boolean;
    skipped?: boolean;
    finished?: boolean;
  };
}

export function createLiveRepository(db: ApiDb) {
  const findRoom = async (where: { id?: string; code?: string }) => {
    let query = db
      .selectFrom('live_rooms')
      .select(roomColumns)
      .select(sql<string>`now()`.as('serverNow'));
    if (where.id) query = query.where('id', '=', where.id);
    if (where.code) query = query.where('code', '=', where.code).where('state', '<>', 'finished');
    const row = await query.executeTakeFirst();
    return row ? toRoom(row as RawRoom) : undefined;
  };

  return {
    findRoom: (id: string) => findRoom({ id }),

    /** A room with how many players it has (and how many are connected) and answers to its
     * current question: everything its views count, in one round trip. */
    async findRoomWithCounts(
      id: string,
    ): Promise<(RoomRow & { players: number; connected: number; answered: number }) | undefined> {
      const row = await db
        .selectFrom('live_rooms as r')
        // Both player counts in one pass over the room's players.
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('live_players as p')
              .whereRef('p.room_id', '=', 'r.id')
              .where('p.kicked', '=', false)
              .select([
                sql<number>`count(*)::int`.as('players'),
                sql<number>`(count(*) filter (where p.connected))::int`.as('connected'),
              ])
              .as('c'),
          (join) => join.onTrue(),
        )
        .select(roomColumns.map((column) => `r.${column}` as const))
        .select(sql<string>`now()`.as('serverNow'))
        .select(['c.players', 'c.connected'])
        .select((eb) =>
          eb
            .selectFrom('live_answers as a')
            .whereRef('a.room_id', '=', 'r.id')
            .whereRef('a.position', '=', 'r.position')
            .select(sql<number>`count(*)::int`.as('answered'))
            .as('answered'),
        )
        .where('r.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...toRoom(row as unknown as RawRoom),
        players: Number(row.players ?? 0),
        connected: Number(row.connected ?? 0),
        answered: Number(row.answered ?? 0),
      };
    },
    findOpenRoomByCode: (code: string) => findRoom({ code }),

    /** Whether the user is a learner of the class (a class room lets in no one else). */
    async isClassMember(classId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('class_members')
        .select('user_id')
        .where('class_id', '=', classId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Creates a room under a fresh code; undefined when the code is taken by an open room. */
    async createRoom(
      values: {
        code: string;
        hostUserId: string;
        clientId: string;
        bankId: string;
        bankTitle: string;
        settings: LiveRoomSettings;
        classId?: string | null;
      },
      questions: readonly Omit<PinnedLiveQuestion, 'position'>[],
    ): Promise<string | undefined> {
      const inserted = await db
        .insertInto('live_rooms')
        .values({
          code: values.code,
          host_user_id: values.hostUserId,
          client_id: values.clientId,
          bank_id: values.bankId,
          bank_title: values.bankTitle,
          settings: jsonb(values.settings),
          question_count: questions.length,
          class_id: values.classId ?? null,
        })
        .onConflict((conflict) =>
          conflict
            .expression(sql`code`)
            .where('state', '<>', 'finished')
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return undefined;
      await db
        .insertInto('live_questions')
        .values(
          questions.map((question, index) => ({
            room_id: inserted.id,
            position: index + 1,
            question_id: question.questionId,
            version: question.version,
            content: jsonb(question.content),
            presented: jsonb(question.presented),
            passage: question.passage ? jsonb(question.passage) : null,
          })),
        )
        .execute();
      return inserted.id;
    },

    async roomsOfHost(hostUserId: string, limit: number) {
      const rows = await db
        .selectFrom('live_rooms as r')
        .select(roomColumns.map((column) => `r.${column}` as const))
        .select(sql<string>`now()`.as('serverNow'))
        .select((eb) =>
          eb
            .selectFrom('live_players as p')
            .whereRef('p.room_id', '=', 'r.id')
            .select(sql<number>`count(*)::int`.as('count'))
            .as('playerCount'),
        )
        .select((eb) =>
          eb
            .selectFrom('classes as c')
            .whereRef('c.id', '=', 'r.class_id')
            .select('c.name')
            .as('className'),
        )
        .where('r.host_user_id', '=', hostUserId)
        .orderBy('r.created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...toRoom(row as unknown as RawRoom),
        playerCount: Number(row.playerCount ?? 0),
        className: row.className ?? null,
      }));
    },

    question: (roomId: string, position: number) =>
      db
        .selectFrom('live_questions')
        .select([
          'position',
          'question_id as questionId',
          'version',
          'content',
          'presented',
          'passage',
        ])
        .where('room_id', '=', roomId)
        .where('position', '=', position)
        .executeTakeFirst() as Promise<PinnedLiveQuestion | undefined>,

    questions: (roomId: string) =>
      db
        .selectFrom('live_questions')
        .select([
          'position',
          'question_id as questionId',
          'version',
          'content',
          'presented',
          'passage',
        ])
        .where('room_id', '=', roomId)
        .orderBy('position')
        .execute() as Promise<PinnedLiveQuestion[]>,

    /**
     * Moves the room if it is still in one of `from` (and at `position`): two hosts' clicks, or a
     * click and the deadline, can race; exactly one of them wins. The winner gets the new row.
     */
    async transition(roomId: string, change: RoomTransition): Promise<RoomRow | undefined> {
      const { set } = change;
      let query = db
        .updateTable('live_rooms')
        .where('id', '=', roomId)
        .where('state', 'in', [...change.from]);
      if (change.position !== undefined) query = query.where('position', '=', change.position);
      const row = await query
        .set({
          ...(set.state && { state: set.state }),
          ...(set.position !== undefined && { position: set.position }),
          ...(set.openForMs !== undefined && {
            opened_at: sql<string>`now() + make_interval(secs => ${(set.talkMs ?? 0) / 1000})`,
            deadline: sql<string>`now() + make_interval(secs => ${(set.openForMs + (set.talkMs ?? 0)) / 1000})`,
            paused_remaining_ms: null,
            skipped: false,
          }),
          ...(set.pausedRemainingMs !== undefined && {
            paused_remaining_ms: set.pausedRemainingMs,
          }),
          ...(set.resume && {
            deadline: sql<string>`now() + make_interval(secs => paused_remaining_ms / 1000.0)`,
            opened_at: sql<string>`opened_at + (now() + make_interval(secs => paused_remaining_ms / 1000.0) - deadline)`,
            paused_remaining_ms: null,
          }),
          ...(set.skipped !== undefined && { skipped: set.skipped }),
          ...(set.finished && { finished_at: sql<string>`now()` }),
        })
        .returning(roomColumns)
        .returning(sql<string>`now()`.as('serverNow'))
        .executeTakeFirst();
      return row ? toRoom(row as RawRoom) : undefined;
    },

    /** Open questions whose deadline has passed (and that are not paused), any room. */
    async overdueRooms(limit: number): Promise<{ id: string; position: number }[]> {
      return db
        .selectFrom('live_rooms')
        .select(['id', 'position'])
        .where('state', '=', 'question_open')
        .where('paused_remaining_ms', 'is', null)
        .where('deadline', '<', sql<string>`now()`)
        .limit(limit)
        .execute();
    },

    /* ---------- players ---------- */

    async addPlayer(values: {
      roomId: string;
      nickname: string;
      userId: string | null;
      tokenHash: string;
      extraTimePercent: number;
      /** In a room of this many teams, the player goes to the smallest (the first of equals). */
      teamCount?: number;
    }): Promise<PlayerRow | 'nickname_taken'> {
      const row = await db
        .insertInto('live_players')
        .values({
          room_id: values.roomId,
          nickname: values.nickname,
          user_id: values.userId,
          token_hash: values.tokenHash,
          extra_time_percent: values.extraTimePercent,
          ...(values.teamCount && {
            team: sql<number>`(
              select t from generate_series(1, ${values.teamCount}::int) as t
              order by (
                select count(*) from ${table('live_players')} as q
                where q.room_id = ${values.roomId} and q.team = t and not q.kicked
              ), t
              limit 1)`,
          }),
        })
        .onConflict((conflict) => conflict.expression(sql`room_id, lower(nickname)`).doNothing())
        .returning(playerColumns)
        .executeTakeFirst();
      return row ?? 'nickname_taken';
    },

    /** The players these tokens name, for a burst of devices coming back at once. */
    playersByTokens: (tokenHashes: readonly string[]) =>
      tokenHashes.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('live_players')
            .select([...playerColumns, 'token_hash as tokenHash'])
            .where('token_hash', 'in', [...tokenHashes])
            .execute(),

    playerByToken: (tokenHash: string) =>
      db
        .selectFrom('live_players')
        .select(playerColumns)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** A signed-in user's player in a room: joining again from another device brings them back. */
    playerOfUser: (roomId: string, userId: string) =>
      db
        .selectFrom('live_players')
        .select(playerColumns)
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .orderBy('joined_at', 'desc')
        .executeTakeFirst(),

    async replaceToken(playerId: string, tokenHash: string) {
      await db
        .updateTable('live_players')
        .set({ token_hash: tokenHash })
        .where('id', '=', playerId)
        .execute();
    },

    async maxExtraTimePercent(roomId: string) {
      const row = await db
        .selectFrom('live_players')
        .select(sql<number>`coalesce(max(extra_time_percent), 0)::int`.as('extra'))
        .where('room_id', '=', roomId)
        .where('kicked', '=', false)
        .executeTakeFirstOrThrow();
      return Number(row.extra);
    },

    async countPlayers(roomId: string) {
      const row = await db
        .selectFrom('live_players')
        .select([
          sql<number>`count(*) filter (where not kicked)::int`.as('players'),
          sql<number>`count(*) filter (where not kicked and connected)::int`.as('connected'),
        ])
        .where('room_id', '=', roomId)
        .executeTakeFirstOrThrow();
      return { players: Number(row.players), connected: Number(row.connected) };
    },

    /** The name of a class room's class, for its host. */
    async className(classId: string): Promise<string | null> {
      const row = await db
        .selectFrom('classes')
        .select('name')
        .where('id', '=', classId)
        .executeTakeFirst();
      return row?.name ?? null;
    },

    latestPlayers: (roomId: string, limit: number) =>
      db
        .selectFrom('live_players')
        .select(['id as playerId', 'nickname', 'connected'])
        .where('room_id', '=', roomId)
        .where('kicked', '=', false)
        .orderBy('joined_at', 'desc')
        .limit(limit)
        .execute(),

    async setConnected(playerId: string, connected: boolean) {
      await db
        .updateTable('live_players')
        .set({ connected, disconnected_at: connected ? null : sql<string>`now()` })
        .where('id', '=', playerId)
        .execute();
    },

    async kick(roomId: string, playerId: string, ban: boolean) {
      const result = await db
        .updateTable('live_players')
        .set({ kicked: true, banned: ban, connected: false })
        .where('room_id', '=', roomId)
        .where('id', '=', playerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Players with their rank by score (ties share a rank), the best first. */
    async standings(roomId: string, limit?: number) {
      let query = db
        .selectFrom('live_players')
        .select([
          'id as playerId',
          'nickname',
          'score',
          'streak',
          'user_id as userId',
          'team',
          sql<number>`rank() over (order by score desc)::int`.as('rank'),
        ])
        .where('room_id', '=', roomId)
        .where('kicked', '=', false)
        .orderBy('score', 'desc')
        .orderBy('joined_at');
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    /**
     * The given players with their rank (ties share one), for the views sent to them. A few
     * players (one reconnecting) are ranked by counting who is ahead of them; a whole room at once
     * by one window over it, which costs the same for 2,000 as for 20.
     */
    async playersWithRank(roomId: string, playerIds: readonly string[]) {
      if (playerIds.length === 0) return [];
      if (playerIds.length <= FEW_PLAYERS) {
        return db
          .selectFrom('live_players as p')
          .select(playerColumns.map((column) => `p.${column}` as const))
          .select((eb) =>
            eb
              .case()
              .when('p.kicked', '=', true)
              .then(sql<null>`null`)
              .else(
                eb
                  .selectFrom('live_players as ahead')
                  .select(sql<number>`1 + count(*)::int`.as('rank'))
                  .whereRef('ahead.room_id', '=', 'p.room_id')
                  .where('ahead.kicked', '=', false)
                  .whereRef('ahead.score', '>', 'p.score'),
              )
              .end()
              .as('rank'),
          )
          .where('p.room_id', '=', roomId)
          .where('p.id', 'in', [...playerIds])
          .execute() as Promise<(PlayerRow & { rank: number | null })[]>;
      }
      const ranked = db
        .selectFrom('live_players')
        .select([...playerColumns, sql<number>`rank() over (order by score desc)::int`.as('rank')])
        .where('room_id', '=', roomId)
        .where('kicked', '=', false)
        .as('ranked');
      const rows = await db
        .selectFrom(ranked)
        .selectAll()
        .where('id', 'in', [...playerIds])
        .execute();
      const kicked = await db
        .selectFrom('live_players')
        .select(playerColumns)
        .where('room_id', '=', roomId)
        .where('kicked', '=', true)
        .where('id', 'in', [...playerIds])
        .execute();
      return [...rows, ...kicked.map((row) => ({ ...row, rank: null }))];
    },

    /* ---------- answers ---------- */

    /**
     * Stores players' answers while the question is open for each of them, all in one statement:
     * the room must be at this open question and not paused, the player still in it, and the time
     * since the question opened (by the database's clock, like the deadline) within their limit.
     * One answer per player per question, by the primary key. The rooms' rows are share-locked so
     * that an answer and the question's close cannot pass each other: an answer either lands
     * before the close scores the question, or it sees the question closed.
     * An answer's time is when it arrived (`arrivedAt`, by the database's clock), not when its
     * batch is stored: time spent waiting for the database must not make a timely answer late.
     * An answer that arrived before the question's answers opened (during the teams' talk time,
     * `opened_at` is ahead) is refused as `early`.
     * Answers one result per answer, in order. Points are given when the question closes.
     */
    async insertAnswers(
      answers: readonly {
        roomId: string;
        playerId: string;
        position: number;
        answer: AnswerInput;
        correct: boolean;
        limitMs: number;
        arrivedAt: string;
      }[],
    ): Promise<({ answeredAt: string; elapsedMs: number } | 'closed' | 'duplicate' | 'early')[]> {
      if (answers.length === 0) return [];
      const given = JSON.stringify(
        answers.map((answer) => ({
          room_id: answer.roomId,
          player_id: answer.playerId,
          position: answer.position,
          answer: answer.answer,
          correct: answer.correct,
          limit_ms: answer.limitMs,
          arrived_at: answer.arrivedAt,
        })),
      );
      const since = sql`extract(epoch from (v.arrived_at - r.opened_at)) * 1000`;
      const { rows } = await sql<{
        roomId: string;
        playerId: string;
        position: number;
        answeredAt: string;
        elapsedMs: number;
      }>`
        insert into ${table('live_answers')}
          (room_id, player_id, position, answer, elapsed_ms, correct, answered_at)
        select r.id, p.id, r.position, v.answer, greatest(0, ${since})::int, v.correct,
          greatest(v.arrived_at, r.opened_at)
        from jsonb_to_recordset(${given}::jsonb)
          as v(room_id uuid, player_id uuid, position int, answer jsonb, correct boolean,
            limit_ms int, arrived_at timestamptz)
        join ${table('live_rooms')} as r on r.id = v.room_id
        join ${table('live_players')} as p on p.id = v.player_id and p.room_id = r.id
        where not p.kicked and r.state = 'question_open' and r.position = v.position
          and r.paused_remaining_ms is null and ${since} <= v.limit_ms
          and ${since} >= ${-EARLY_TOLERANCE_MS}
        for share of r
        on conflict do nothing
        returning room_id as "roomId", player_id as "playerId", position,
          answered_at as "answeredAt", elapsed_ms as "elapsedMs"`.execute(db);
      const keyOf = (answer: { roomId: string; playerId: string; position: number }) =>
        `${answer.roomId}:${answer.playerId}:${answer.position}`;
      const stored = new Map(rows.map((row) => [keyOf(row), row]));
      const refused = answers.filter((answer) => !stored.has(keyOf(answer)));
      // Only refusals pay for telling a second answer from a late one.
      const earlier = new Set<string>();
      if (refused.length > 0) {
        const { rows: found } = await sql<{ roomId: string; playerId: string; position: number }>`
          select a.room_id as "roomId", a.player_id as "playerId", a.position
          from ${table('live_answers')} as a
          join jsonb_to_recordset(${JSON.stringify(
            refused.map((answer) => ({
              room_id: answer.roomId,
              player_id: answer.playerId,
              position: answer.position,
            })),
          )}::jsonb) as v(room_id uuid, player_id uuid, position int)
            on a.room_id = v.room_id and a.player_id = v.player_id and a.position = v.position`.execute(
          db,
        );
        for (const row of found) earlier.add(keyOf(row));
      }
      // Refused for coming before the talk time was over: the question is open at that position,
      // and its answers open later than the answer came.
      const early = new Set<string>();
      const unexplained = refused.filter((answer) => !earlier.has(keyOf(answer)));
      if (unexplained.length > 0) {
        const { rows: found } = await sql<{ roomId: string; playerId: string; position: number }>`
          select v.room_id as "roomId", v.player_id as "playerId", v.position
          from jsonb_to_recordset(${JSON.stringify(
            unexplained.map((answer) => ({
              room_id: answer.roomId,
              player_id: answer.playerId,
              position: answer.position,
              arrived_at: answer.arrivedAt,
            })),
          )}::jsonb) as v(room_id uuid, player_id uuid, position int, arrived_at timestamptz)
          join ${table('live_rooms')} as r on r.id = v.room_id and r.position = v.position
          where r.state = 'question_open'
            and extract(epoch from (v.arrived_at - r.opened_at)) * 1000 < ${-EARLY_TOLERANCE_MS}`.execute(
          db,
        );
        for (const row of found) early.add(keyOf(row));
      }
      // The same answer twice in one batch: the first is stored, the second is a second answer.
      const taken = new Set<string>();
      return answers.map((answer) => {
        const key = keyOf(answer);
        const row = stored.get(key);
        if (row && !taken.has(key)) {
          taken.add(key);
          return { answeredAt: iso(row.answeredAt), elapsedMs: row.elapsedMs };
        }
        if (row || earlier.has(key)) return 'duplicate';
        return early.has(key) ? 'early' : 'closed';
      });
    },

    /** The database's clock, which opens and closes questions: answers are stamped by it. */
    async databaseNow() {
      const { rows } = await sql<{ now: string }>`select now() as now`.execute(db);
      return iso(rows[0]!.now);
    },

    /** What scoring a question needs of each answer to it: who gave it, and their streak. */
    answersForScoring: (roomId: string, position: number) =>
      db
        .selectFrom('live_answers as a')
        .innerJoin('live_players as p', 'p.id', 'a.player_id')
        .select([
          'a.player_id as playerId',
          'p.user_id as userId',
          'p.streak',
          'p.extra_time_percent as extraTimePercent',
          'a.correct',
          'a.elapsed_ms as elapsedMs',
        ])
        .where('a.room_id', '=', roomId)
        .where('a.position', '=', position)
        .execute(),

    /** Writes the points of a question's answers, all in one statement. */
    async setPoints(
      roomId: string,
      position: number,
      points: readonly { playerId: string; points: number }[],
    ) {
      if (points.length === 0) return;
      await sql`
        update ${table('live_answers')} as a
        set points = v.points
        from jsonb_to_recordset(${JSON.stringify(points)}::jsonb) as v("playerId" uuid, points int)
        where a.room_id = ${roomId} and a.position = ${position} and a.player_id = v."playerId"`.execute(
        db,
      );
    },

    async countAnswers(roomId: string, position: number) {
      const row = await db
        .selectFrom('live_answers')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('room_id', '=', roomId)
        .where('position', '=', position)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Answers to a question: everyone's, or only those of `playerIds` (devices coming back). */
    answersTo: (roomId: string, position: number, playerIds?: readonly string[]) => {
      let query = db
        .selectFrom('live_answers')
        .select(['player_id as playerId', 'answer', 'correct', 'points', 'elapsed_ms as elapsedMs'])
        .where('room_id', '=', roomId)
        .where('position', '=', position);
      if (playerIds) query = query.where('player_id', 'in', [...playerIds]);
      return query.execute();
    },

    allAnswers: (roomId: string) =>
      db
        .selectFrom('live_answers')
        .select([
          'player_id as playerId',
          'position',
          'answer',
          'correct',
          'points',
          'elapsed_ms as elapsedMs',
        ])
        .where('room_id', '=', roomId)
        .execute(),

    /** The last position each of the players has answered. */
    async latestAnsweredPositions(roomId: string, playerIds: readonly string[]) {
      if (playerIds.length === 0) return new Map<string, number>();
      const rows = await db
        .selectFrom('live_answers')
        .select(['player_id as playerId', sql<number>`max(position)::int`.as('position')])
        .where('room_id', '=', roomId)
        .where('player_id', 'in', [...playerIds])
        .groupBy('player_id')
        .execute();
      return new Map(rows.map((row) => [row.playerId, Number(row.position)]));
    },

    /**
     * Scores a closed question: every player's answer adds its points; a correct answer grows
     * the streak, a wrong one or none ends it. Run once per question, in the close's unit of work.
     */
    async scoreQuestion(roomId: string, position: number) {
      await sql`
        update ${table('live_players')} as p
        set score = p.score + coalesce(a.points, 0),
            streak = case when a.correct then p.streak + 1 else 0 end
        from ${table('live_players')} as q
        left join ${table('live_answers')} as a
          on a.room_id = q.room_id and a.player_id = q.id and a.position = ${position}
        where p.id = q.id and q.room_id = ${roomId}`.execute(db);
    },

    /**
     * Who the room's open question still waits for: players in the room who have not answered,
     * connected or away for less than `graceMs` (a phone that dropped for a moment is coming
     * back). `away` counts those of them who are not connected now.
     */
    async stillToAnswer(roomId: string, position: number, graceMs: number) {
      const row = await db
        .selectFrom('live_players as p')
        .select([
          sql<number>`count(*)::int`.as('missing'),
          sql<number>`(count(*) filter (where not p.connected))::int`.as('away'),
        ])
        .where('p.room_id', '=', roomId)
        .where('p.kicked', '=', false)
        .where((eb) =>
          eb.or([
            eb('p.connected', '=', true),
            eb(
              'p.disconnected_at',
              '>',
              sql<string>`now() - make_interval(secs => ${graceMs / 1000})`,
            ),
          ]),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('live_answers as a')
                .select('a.player_id')
                .whereRef('a.player_id', '=', 'p.id')
                .where('a.room_id', '=', roomId)
                .where('a.position', '=', position),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
      return { missing: Number(row.missing), away: Number(row.away) };
    },

    /* ---------- a guest keeping their result (live-claim.ts) ---------- */

    /**
     * Gives a guest player to a user, only while nobody has them: of two claims at once, one
     * updates the row and the other finds it taken. The player, if this call attached them.
     */
    attachPlayer: (playerId: string, userId: string) =>
      db
        .updateTable('live_players')
        .set({ user_id: userId })
        .where('id', '=', playerId)
        .where('user_id', 'is', null)
        .returning(playerColumns)
        .executeTakeFirst(),

    /**
     * A player's answers that were scored, with the questions they answered. Answers to a skipped
     * question, or to one open when the host ended the game, have no points and counted for nobody.
     */
    scoredAnswersOf: (roomId: string, playerId: string) =>
      db
        .selectFrom('live_answers as a')
        .innerJoin('live_questions as q', (join) =>
          join.onRef('q.room_id', '=', 'a.room_id').onRef('q.position', '=', 'a.position'),
        )
        .select(['q.question_id as questionId', 'q.version', 'q.content', 'a.correct'])
        .where('a.room_id', '=', roomId)
        .where('a.player_id', '=', playerId)
        .where('a.points', 'is not', null)
        .orderBy('a.position')
        .execute() as Promise<
        { questionId: string; version: number; content: QuestionContent; correct: boolean | null }[]
      >,

    /* ---------- catching connections up (live.catch-up.ts) ---------- */

    /**
     * Where each of these rooms stands, in the terms of its room view (state, position, pause,
     * players, answers to the question shown): one statement for all the rooms a process has
     * connections in, once a second, so each process can tell which of its players fell behind.
     */
    async roomMarks(roomIds: readonly string[]) {
      if (roomIds.length === 0) return [];
      const rows = await db
        .selectFrom('live_rooms as r')
        .select((eb) => [
          'r.id',
          'r.state',
          'r.position',
          sql<boolean>`r.paused_remaining_ms is not null`.as('paused'),
          'r.teams_revision as teamsRevision',
          eb
            .selectFrom('live_players as p')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('p.room_id', '=', 'r.id')
            .where('p.kicked', '=', false)
            .as('playerCount'),
          eb
            .selectFrom('live_answers as a')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('a.room_id', '=', 'r.id')
            .whereRef('a.position', '=', 'r.position')
            .as('answered'),
        ])
        .where('r.id', 'in', [...roomIds])
        .execute();
      return rows.map((row) => ({
        ...row,
        playerCount: Number(row.playerCount ?? 0),
        answered:
          row.state === 'question_open' || row.state === 'question_closed'
            ? Number(row.answered ?? 0)
            : 0,
      }));
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
