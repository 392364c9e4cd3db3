import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryAnswerQueue, openAnswerQueue, type AnswerQueue } from './answer-queue';

const attempt = 'a77e0000-0000-4000-8000-000000000001';
const other = 'a77e0000-0000-4000-8000-000000000002';
const choice = (optionId: string) => ({ type: 'single_choice' as const, optionId });

// happy-dom has no IndexedDB; fake-indexeddb implements it in memory, a fresh one per test.
const implementations: [string, () => Promise<AnswerQueue>][] = [
  ['IndexedDB', () => openAnswerQueue(new IDBFactory())],
  ['memory', async () => memoryAnswerQueue()],
];

describe.each(implementations)('the answer queue (%s)', (_name, open) => {
  let queue: AnswerQueue;
  afterEach(() => queue?.close());

  it('keeps one answer per question, the latest', async () => {
    queue = await open();
    await queue.put({ attemptId: attempt, position: 2, answer: choice('a'), queuedAt: 1 });
    await queue.put({ attemptId: attempt, position: 1, answer: choice('x'), queuedAt: 2 });
    await queue.put({ attemptId: attempt, position: 2, answer: choice('b'), queuedAt: 3 });
    await queue.put({ attemptId: other, position: 2, answer: choice('c'), queuedAt: 4 });

    expect(await queue.list(attempt)).toEqual([
      { attemptId: attempt, position: 1, answer: choice('x'), queuedAt: 2 },
      { attemptId: attempt, position: 2, answer: choice('b'), queuedAt: 3 },
    ]);
    expect(await queue.list(other)).toHaveLength(1);
  });

  it('removes an answer once the server acknowledged that very answer', async () => {
    queue = await open();
    await queue.put({ attemptId: attempt, position: 1, answer: choice('a'), queuedAt: 1 });

    expect(await queue.acknowledge(attempt, 1, choice('a'))).toBe(true);
    expect(await queue.list(attempt)).toEqual([]);
    expect(await queue.acknowledge(attempt, 1, choice('a'))).toBe(false);
  });

  it('keeps a newer answer given while an older one was on its way', async () => {
    queue = await open();
    await queue.put({ attemptId: attempt, position: 1, answer: choice('old'), queuedAt: 1 });
    await queue.put({ attemptId: attempt, position: 1, answer: choice('new'), queuedAt: 2 });

    expect(await queue.acknowledge(attempt, 1, choice('old'))).toBe(false);
    expect((await queue.list(attempt)).map((entry) => entry.answer)).toEqual([choice('new')]);
  });

  it('drops one answer, or all of an attempt’s', async () => {
    queue = await open();
    for (const position of [1, 2, 3]) {
      await queue.put({ attemptId: attempt, position, answer: choice('a'), queuedAt: position });
    }
    await queue.put({ attemptId: other, position: 1, answer: choice('a'), queuedAt: 9 });

    await queue.remove(attempt, 2);
    expect((await queue.list(attempt)).map((entry) => entry.position)).toEqual([1, 3]);
    await queue.clear(attempt);
    expect(await queue.list(attempt)).toEqual([]);
    expect(await queue.list(other)).toHaveLength(1);
  });
});

describe('the IndexedDB answer queue', () => {
  it('still holds the answers after the page is closed and opened again', async () => {
    const factory = new IDBFactory();
    const first = await openAnswerQueue(factory);
    await first.put({ attemptId: attempt, position: 4, answer: choice('kept'), queuedAt: 1 });
    first.close();

    const second = await openAnswerQueue(factory);
    expect(await second.list(attempt)).toEqual([
      { attemptId: attempt, position: 4, answer: choice('kept'), queuedAt: 1 },
    ]);
    second.close();
  });
});
