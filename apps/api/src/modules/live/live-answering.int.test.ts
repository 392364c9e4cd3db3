import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnitOfWork } from '../../db/unit-of-work';
import { createLiveAnswering } from './live-answering';
import { createAnswerWindows } from './live-answer-windows';
import { createDatabaseClock } from './live-database-clock';
import { createInFlightAnswers } from './live-in-flight';
import { createPinnedRoomData } from './live-pinned';
import { createLiveQuestions } from './live-questions';
import { createLiveStorage, type LiveStorage } from './live-storage-fixtures';
import type { LiveRepository } from './live.repository';

/** The answer path on a real database, with the database made slow where a busy room makes it. */
describe('answering a live question', () => {
  let storage: LiveStorage;
  beforeAll(async () => {
    storage = await createLiveStorage();
  });
  afterAll(() => storage.test.dispose());

  function answering(live: LiveRepository) {
    const pinned = createPinnedRoomData(live);
    const changed = () => {};
    const inFlight = createInFlightAnswers({ maxWaitMs: 1000 });
    const windows = createAnswerWindows();
    const unstored: unknown[] = [];
    const questions = createLiveQuestions({
      live,
      inFlight,
      windows,
      unitOfWork: createUnitOfWork(storage.db),
      pinned,
      changed,
      opened: () => {},
    });
    const clock = createDatabaseClock(() => live.databaseNow(), { resampleEveryMs: 10_000 });
    return {
      ...createLiveAnswering({
        live,
        pinned,
        clock,
        inFlight,
        windows,
        questions,
        changed,
        unstored: (...args) => unstored.push(args),
      }),
      clock,
      questions,
      windows,
      unstored,
    };
  }

  it('keeps a timely answer timely when its batch waits for the database', async () => {
    const { live } = storage;
    // One second to answer (and half a second's grace); the database takes two to store a batch.
    const { roomId, players } = await storage.roomWithPlayers(1, { timerSeconds: 1 });
    const slowDatabase: LiveRepository = {
      ...live,
      insertAnswers: async (answers) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return live.insertAnswers(answers);
      },
    };
    const { answer, clock } = answering(slowDatabase);
    await clock.sample();
    const opened = await storage.open(roomId, 1500);
    const player = { id: players[0]!.id, roomId, extraTimePercent: 0 };

    const { receivedAt } = await answer(player, 1, { type: 'true_false', value: true });

    const elapsed = Date.parse(receivedAt) - Date.parse(opened!.openedAt!);
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThan(1000);
    const [stored] = await live.answersTo(roomId, 1);
    // Within the millisecond the ISO timestamps leave out of PostgreSQL's microseconds.
    expect(Math.abs(stored!.elapsedMs - elapsed)).toBeLessThanOrEqual(1);
  });

  it('does not close early without a player whose phone dropped a moment ago', async () => {
    const { live } = storage;
    const { roomId, players } = await storage.roomWithPlayers(2);
    const [ada, ben] = players.map((player) => ({ id: player.id, roomId, extraTimePercent: 0 }));
    for (const player of [ada!, ben!]) await live.setConnected(player.id, true);
    const checks: { missing: number; away: number }[] = [];
    const { answer } = answering({
      ...live,
      stillToAnswer: async (...args) => {
        const found = await live.stillToAnswer(...args);
        checks.push(found);
        return found;
      },
    });
    await storage.open(roomId);

    await live.setConnected(ben!.id, false);
    await answer(ada!, 1, { type: 'true_false', value: true });
    // The room looked, found Ben away for less than his grace, and waits for him.
    await expect.poll(() => checks, { timeout: 20_000 }).toEqual([{ missing: 1, away: 1 }]);
    expect((await live.findRoom(roomId))?.state).toBe('question_open');

    await live.setConnected(ben!.id, true);
    await answer(ben!, 1, { type: 'true_false', value: false });
    await expect
      .poll(async () => (await live.findRoom(roomId))?.state, { timeout: 20_000 })
      .toBe('question_closed');
  });

  it('stops waiting for a player who has been away longer than the grace', async () => {
    const { live } = storage;
    const { roomId, players } = await storage.roomWithPlayers(2);
    for (const player of players) await live.setConnected(player.id, true);
    await storage.open(roomId);
    await live.setConnected(players[1]!.id, false);
    expect(await live.stillToAnswer(roomId, 1, 60_000)).toEqual({ missing: 2, away: 1 });
    // Away for longer than no grace at all: only the connected player is waited for.
    expect(await live.stillToAnswer(roomId, 1, 0)).toEqual({ missing: 1, away: 0 });
  });

  it('scores an answer taken in time that is still being stored when the question closes', async () => {
    const { live } = storage;
    const { roomId, players } = await storage.roomWithPlayers(1);
    let storing = false;
    const { answer, questions } = answering({
      ...live,
      insertAnswers: async (answers) => {
        storing = true;
        await new Promise((resolve) => setTimeout(resolve, 500));
        return live.insertAnswers(answers);
      },
    });
    await storage.open(roomId);
    const player = { id: players[0]!.id, roomId, extraTimePercent: 0 };

    const taken = answer(player, 1, { type: 'true_false', value: true });
    await expect.poll(() => storing, { timeout: 20_000 }).toBe(true);
    // The deadline comes while the answer waits for the database.
    await questions.closeQuestion(roomId, 1);

    await expect(taken).resolves.toMatchObject({ receivedAt: expect.any(String) });
    const [scored] = await live.answersTo(roomId, 1);
    expect(scored?.points).toBeGreaterThan(0);
  });

  it('acknowledges a timely answer to a question opened here before storing it, and scores it', async () => {
    const { live } = storage;
    const { roomId, players } = await storage.roomWithPlayers(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let stores = 0;
    const { answer, clock, questions, windows, unstored } = answering({
      ...live,
      insertAnswers: async (answers) => {
        stores++;
        // The database holds the batch until the acknowledgement has been seen.
        await held;
        return live.insertAnswers(answers);
      },
    });
    await clock.sample();
    windows.opened((await storage.open(roomId))!);
    const player = { id: players[0]!.id, roomId, extraTimePercent: 0 };

    const { receivedAt } = await answer(player, 1, { type: 'true_false', value: true });
    expect(Date.parse(receivedAt)).not.toBeNaN();
    await expect.poll(() => stores, { timeout: 20_000 }).toBe(1);
    expect(await live.answersTo(roomId, 1)).toEqual([]);

    // Closing waits for what was acknowledged, then scores it.
    const closing = questions.closeQuestion(roomId, 1);
    release();
    await closing;
    const [scored] = await live.answersTo(roomId, 1);
    expect(scored?.points).toBeGreaterThan(0);
    expect(unstored).toEqual([]);
  });

  it("waits for the database's word on a second answer and on a question it did not open", async () => {
    const { live } = storage;
    const { roomId, players } = await storage.roomWithPlayers(2);
    const { answer, clock, windows } = answering(live);
    await clock.sample();
    windows.opened((await storage.open(roomId))!);
    const [ada, ben] = players.map((player) => ({ id: player.id, roomId, extraTimePercent: 0 }));

    await answer(ada!, 1, { type: 'true_false', value: true });
    await expect(answer(ada!, 1, { type: 'true_false', value: false })).rejects.toMatchObject({
      code: 'live.already_answered',
    });
    // Shut (a close or a pause begins): the answer is refused by the statement, not acknowledged.
    windows.shut(roomId);
    await live.transition(roomId, {
      from: ['question_open'],
      position: 1,
      set: { state: 'question_closed', skipped: false },
    });
    await expect(answer(ben!, 1, { type: 'true_false', value: true })).rejects.toMatchObject({
      code: 'live.question_closed',
    });
  });
});
