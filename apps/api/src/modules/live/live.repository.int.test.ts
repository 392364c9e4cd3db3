import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, sql, type Kysely } from '@questa/db';
import { readTestSettings } from '@questa/config';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import type { LiveRoomSettings, QuestionContent } from '@questa/contracts';
import { API_SCHEMA, apiMigrations, type ApiTables } from '../../db/tables';
import { createUnitOfWork } from '../../db/unit-of-work';
import { createUserRepository } from '../users/user.repository';
import { createLiveRepository, type LiveRepository } from './live.repository';

const settings: LiveRoomSettings = {
  timerSeconds: 30,
  scoring: 'speed',
  streakBonus: true,
  showQuestionOnDevices: true,
  maxPlayers: 2000,
  nicknames: 'typed',
};

const content = {
  type: 'true_false',
  stem: 'The Danube flows through Vienna.',
  correct: true,
} as unknown as QuestionContent;

/**
 * The statements a live room's hot path depends on, on both engines: an answer is stored by one
 * conditional statement, points are written in one, and an answer racing the question's close
 * is either scored or refused, never stored unscored.
 */
describe('live room storage', () => {
  let test: TestDatabase;
  let db: Kysely<ApiTables>;
  let live: LiveRepository;
  let hostUserId = '';
  let rooms = 0;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, API_SCHEMA, apiMigrations);
    db = test.database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
    live = createLiveRepository(db);
    ({ id: hostUserId } = await createUserRepository(db).upsertFromSignIn({
      sub: 'host-sub',
      email: 'host@questa.test',
      name: 'Host',
      roles: [],
    }));
  });
  afterAll(() => test.dispose());

  async function roomWithPlayers(count: number) {
    rooms++;
    const roomId = await live.createRoom(
      {
        code: String(100000 + rooms),
        hostUserId,
        clientId: '00000000-0000-4000-8000-000000000001',
        bankId: '00000000-0000-4000-8000-000000000002',
        bankTitle: 'Rivers',
        settings,
      },
      [
        {
          questionId: '00000000-0000-4000-8000-000000000003',
          version: 1,
          content,
          presented: content as never,
        },
      ],
    );
    const players = [];
    for (let i = 0; i < count; i++) {
      const added = await live.addPlayer({
        roomId: roomId!,
        nickname: `Player ${i}`,
        userId: null,
        tokenHash: `token-${rooms}-${i}`,
        extraTimePercent: 0,
      });
      if (added === 'nickname_taken') throw new Error('unexpected');
      players.push(added);
    }
    return { roomId: roomId!, players };
  }

  const open = (roomId: string) =>
    live.transition(roomId, {
      from: ['lobby'],
      position: 0,
      set: { state: 'question_open', position: 1, openForMs: 30_000 },
    });

  const answerOf = async (roomId: string, playerId: string, limitMs = 30_000) =>
    (
      await live.insertAnswers([
        {
          roomId,
          playerId,
          position: 1,
          answer: { type: 'true_false', value: true } as never,
          correct: true,
          limitMs,
        },
      ])
    )[0];

  it('stores one answer per player while the question is open, and says why it refuses', async () => {
    const { roomId, players } = await roomWithPlayers(3);
    const [ada, ben, cem] = players;

    expect(await answerOf(roomId, ada!.id)).toBe('closed'); // still in the lobby
    await open(roomId);
    const stored = await answerOf(roomId, ada!.id);
    expect(stored).toMatchObject({ elapsedMs: expect.any(Number) });
    expect(await answerOf(roomId, ada!.id)).toBe('duplicate');

    // Past the player's own limit, and after the host removed a player: refused.
    expect(await answerOf(roomId, ben!.id, -1)).toBe('closed');
    await live.kick(roomId, cem!.id, false);
    expect(await answerOf(roomId, cem!.id)).toBe('closed');
    expect(await live.countAnswers(roomId, 1)).toBe(1);
  });

  it('answers every answer of a batch on its own: stored, a second answer, or too late', async () => {
    const first = await roomWithPlayers(3);
    const second = await roomWithPlayers(1);
    await open(first.roomId);
    await open(second.roomId);
    const [ada, ben, cem] = first.players;
    await live.kick(first.roomId, cem!.id, false);
    const answer = (roomId: string, playerId: string, limitMs = 30_000) => ({
      roomId,
      playerId,
      position: 1,
      answer: { type: 'true_false', value: true } as never,
      correct: true,
      limitMs,
    });
    const results = await live.insertAnswers([
      answer(first.roomId, ada!.id),
      answer(first.roomId, ada!.id),
      answer(first.roomId, ben!.id, -1),
      answer(first.roomId, cem!.id),
      answer(second.roomId, second.players[0]!.id),
      // A player of the first room cannot answer in the second.
      answer(second.roomId, ben!.id),
    ]);
    expect(results.map((result) => (typeof result === 'object' ? 'stored' : result))).toEqual([
      'stored',
      'duplicate',
      'closed',
      'closed',
      'stored',
      'closed',
    ]);
    expect(await live.insertAnswers([answer(first.roomId, ada!.id)])).toEqual(['duplicate']);
  });

  it('writes every answer’s points in one statement and adds them to the scores', async () => {
    const { roomId, players } = await roomWithPlayers(3);
    await open(roomId);
    for (const player of players.slice(0, 2)) await answerOf(roomId, player.id);
    await live.transition(roomId, {
      from: ['question_open'],
      position: 1,
      set: { state: 'question_closed' },
    });
    const answers = await live.answersForScoring(roomId, 1);
    expect(answers).toHaveLength(2);
    await live.setPoints(
      roomId,
      1,
      answers.map((answer, index) => ({ playerId: answer.playerId, points: 100 * (index + 1) })),
    );
    await live.scoreQuestion(roomId, 1);

    const ranked = await live.playersWithRank(
      roomId,
      players.map((player) => player.id),
    );
    const byId = new Map(ranked.map((player) => [player.id, player]));
    expect(players.map((player) => byId.get(player.id)?.score).sort()).toEqual([0, 100, 200]);
    expect(players.map((player) => byId.get(player.id)?.streak).sort()).toEqual([0, 1, 1]);
    // One player ranked alone gets the rank the whole room's window gives them.
    for (const player of players) {
      const [alone] = await live.playersWithRank(roomId, [player.id]);
      expect(alone?.rank).toBe(byId.get(player.id)?.rank);
    }
  });

  // Only a server with several connections lets an answer run while the close's transaction is
  // open; the embedded database runs one statement at a time, so there is no race to lose.
  it.runIf(readTestSettings().engine === 'postgres')(
    'never stores an answer that the close of its question did not score',
    async () => {
      const { roomId, players } = await roomWithPlayers(2);
      await open(roomId);
      await answerOf(roomId, players[0]!.id);
      const unitOfWork = createUnitOfWork(db);
      let late: ReturnType<typeof answerOf> | undefined;
      await unitOfWork(async (work) => {
        await work.live.transition(roomId, {
          from: ['question_open'],
          position: 1,
          set: { state: 'question_closed' },
        });
        const answers = await work.live.answersForScoring(roomId, 1);
        // An answer arrives after the close read the answers but before it committed: it must
        // wait for the close (and then find the question closed), not slip in unscored.
        let settled = false;
        late = answerOf(roomId, players[1]!.id).finally(() => (settled = true));
        await expect
          .poll(async () => settled || (await lockWaiters()) > 0, { timeout: 20_000 })
          .toBe(true);
        await work.live.setPoints(
          roomId,
          1,
          answers.map((answer) => ({ playerId: answer.playerId, points: 10 })),
        );
        await work.live.scoreQuestion(roomId, 1);
      });
      expect(await late).toBe('closed');
      const unscored = await db
        .selectFrom('live_answers')
        .select('player_id')
        .where('room_id', '=', roomId)
        .where('points', 'is', null)
        .execute();
      expect(unscored).toEqual([]);
    },
  );

  /** Statements of this database waiting for a lock another transaction holds. */
  async function lockWaiters() {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    return rows[0]?.waiting ?? 0;
  }
});
