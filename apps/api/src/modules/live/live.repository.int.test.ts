import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from '@questa/db';
import { readTestSettings } from '@questa/config';
import type { ApiTables } from '../../db/tables';
import { createUnitOfWork } from '../../db/unit-of-work';
import type { LiveRepository } from './live.repository';
import { createLiveStorage, type LiveStorage } from './live-storage-fixtures';

/**
 * The statements a live room's hot path depends on, on both engines: an answer is stored by one
 * conditional statement, points are written in one, and an answer racing the question's close
 * is either scored or refused, never stored unscored.
 */
describe('live room storage', () => {
  let storage: LiveStorage;
  let db: Kysely<ApiTables>;
  let live: LiveRepository;
  let roomWithPlayers: LiveStorage['roomWithPlayers'];
  let open: (roomId: string) => ReturnType<LiveStorage['open']>;

  beforeAll(async () => {
    storage = await createLiveStorage();
    ({ db, live, roomWithPlayers } = storage);
    open = (roomId) => storage.open(roomId);
  });
  afterAll(() => storage.test.dispose());

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
          arrivedAt: await live.databaseNow(),
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
    const arrivedAt = await live.databaseNow();
    const answer = (roomId: string, playerId: string, limitMs = 30_000) => ({
      roomId,
      playerId,
      position: 1,
      answer: { type: 'true_false', value: true } as never,
      correct: true,
      limitMs,
      arrivedAt,
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

  it('times an answer from when it arrived, not from when its batch is stored', async () => {
    const { roomId, players } = await roomWithPlayers(2);
    const opened = await open(roomId);
    const at = (ms: number) => new Date(Date.parse(opened!.openedAt!) + ms).toISOString();
    const answer = (playerId: string, arrivedAt: string) => ({
      roomId,
      playerId,
      position: 1,
      answer: { type: 'true_false', value: true } as never,
      correct: true,
      limitMs: 1500,
      arrivedAt,
    });
    // Stored whenever the batch gets its turn, each is as fast or as late as its arrival.
    const [timely, late] = await live.insertAnswers([
      answer(players[0]!.id, at(200)),
      answer(players[1]!.id, at(1600)),
    ]);
    // PostgreSQL keeps microseconds the ISO timestamps here leave out: within a millisecond.
    expect(timely).toEqual({ answeredAt: at(200), elapsedMs: expect.any(Number) });
    expect(Math.abs((timely as { elapsedMs: number }).elapsedMs - 200)).toBeLessThanOrEqual(1);
    expect(late).toBe('closed');
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
