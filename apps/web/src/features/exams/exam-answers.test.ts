import type { AnswerInput } from '@questa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '../../lib/api-client';
import { memoryAnswerQueue, type AnswerQueue } from './answer-queue';
import { ExamAnswers, mergeAnswers, type SendAnswer } from './exam-answers';

const attemptId = 'a77e0000-0000-4000-8000-000000000001';
const choice = (optionId: string): AnswerInput => ({ type: 'single_choice', optionId });
const savedAt = '2026-03-01T10:00:00.000Z';
const problem = (code: 'exam.expired' | 'validation.failed' | 'unavailable', status: number) =>
  new ApiError({ code, status, title: code });

describe('mergeAnswers', () => {
  it('takes the server’s responses, with answers still queued here winning', () => {
    const { answers, status } = mergeAnswers(
      [
        { position: 1, answer: choice('a'), savedAt },
        { position: 2, answer: choice('b'), savedAt },
      ],
      [{ attemptId, position: 2, answer: choice('c'), queuedAt: 1 }],
    );
    expect([...answers]).toEqual([
      [1, choice('a')],
      [2, choice('c')],
    ]);
    expect([...status]).toEqual([
      [1, 'saved'],
      [2, 'pending'],
    ]);
  });
});

describe('ExamAnswers', () => {
  let queue: AnswerQueue;
  let online: boolean;
  let events: EventTarget;
  let send: ReturnType<typeof vi.fn<SendAnswer>>;

  beforeEach(() => {
    vi.useFakeTimers();
    queue = memoryAnswerQueue();
    online = true;
    events = new EventTarget();
    send = vi.fn<SendAnswer>(async () => ({}));
  });
  afterEach(() => vi.useRealTimers());

  const create = (queued: Parameters<typeof mergeAnswers>[1] = []) => {
    const store = new ExamAnswers({
      attemptId,
      responses: [],
      queued,
      queue,
      send,
      isOnline: () => online,
      events,
    });
    store.connect();
    return store;
  };
  const settle = () => vi.advanceTimersByTimeAsync(0);

  it('queues an answer, sends it, and calls it saved only once acknowledged', async () => {
    let acknowledge: () => void = () => {};
    send.mockImplementation(() => new Promise((resolve) => (acknowledge = () => resolve({}))));
    const store = create();

    await store.save(1, choice('a'));
    expect(store.getSnapshot().status.get(1)).toBe('pending');
    expect(await queue.list(attemptId)).toHaveLength(1);
    expect(send).toHaveBeenCalledWith(1, choice('a'));

    acknowledge();
    await settle();
    expect(store.getSnapshot().status.get(1)).toBe('saved');
    expect(store.getSnapshot().pending).toBe(0);
    expect(await queue.list(attemptId)).toEqual([]);
  });

  it('does not send an answer that did not change', async () => {
    const store = create();
    await store.save(1, choice('a'));
    await settle();
    await store.save(1, choice('a'));
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps answers on the device while offline, and sends them when the connection returns', async () => {
    send.mockRejectedValueOnce(networkError(new TypeError('Failed to fetch')));
    const store = create();

    await store.save(3, choice('a'));
    await settle();
    expect(store.getSnapshot()).toMatchObject({ connection: 'offline', pending: 1 });
    expect(store.getSnapshot().status.get(3)).toBe('pending');
    expect(await queue.list(attemptId)).toHaveLength(1);

    events.dispatchEvent(new Event('online'));
    await settle();
    expect(store.getSnapshot()).toMatchObject({ connection: 'online', pending: 0 });
    expect(store.getSnapshot().status.get(3)).toBe('saved');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not even try while the browser says it is offline, and retries every 5 s with backoff', async () => {
    online = false;
    const store = create();
    await store.save(1, choice('a'));
    await settle();
    expect(send).not.toHaveBeenCalled();
    expect(store.getSnapshot().connection).toBe('offline');

    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).not.toHaveBeenCalled();
    online = true;
    // The second try waits twice as long as the first.
    await vi.advanceTimersByTimeAsync(9_000);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().status.get(1)).toBe('saved');
  });

  it('keeps a newer answer given while an older one travelled, and sends it next', async () => {
    let acknowledge: () => void = () => {};
    send.mockImplementationOnce(() => new Promise((resolve) => (acknowledge = () => resolve({}))));
    const store = create();

    await store.save(1, choice('old'));
    await store.save(1, choice('new'));
    acknowledge();
    await settle();

    expect(send.mock.calls).toEqual([
      [1, choice('old')],
      [1, choice('new')],
    ]);
    expect(store.getSnapshot().answers.get(1)).toEqual(choice('new'));
    expect(store.getSnapshot().status.get(1)).toBe('saved');
    expect(await queue.list(attemptId)).toEqual([]);
  });

  it('sends what an earlier visit left queued as soon as it connects', async () => {
    await queue.put({ attemptId, position: 5, answer: choice('left'), queuedAt: 1 });
    const store = create(await queue.list(attemptId));
    expect(store.getSnapshot().answers.get(5)).toEqual(choice('left'));
    await settle();
    expect(send).toHaveBeenCalledWith(5, choice('left'));
    expect(await queue.list(attemptId)).toEqual([]);
  });

  it('drops every queued answer once the server says the exam is over', async () => {
    send.mockRejectedValue(problem('exam.expired', 409));
    const store = create();
    await store.save(1, choice('a'));
    await settle();

    expect(store.getSnapshot()).toMatchObject({ ended: true, pending: 0 });
    expect(await queue.list(attemptId)).toEqual([]);
    await store.save(2, choice('b'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('drops an answer the server refuses as malformed, and goes on with the others', async () => {
    send.mockRejectedValueOnce(problem('validation.failed', 400));
    const store = create();
    await store.save(1, choice('bad'));
    await store.save(2, choice('good'));
    await settle();

    expect(store.getSnapshot().status.get(1)).toBe('rejected');
    expect(store.getSnapshot().status.get(2)).toBe('saved');
    expect(await queue.list(attemptId)).toEqual([]);
  });

  it('keeps answers when the server fails, and reports it apart from a lost connection', async () => {
    send.mockRejectedValueOnce(problem('unavailable', 503));
    const store = create();
    await store.save(1, choice('a'));
    await settle();
    expect(store.getSnapshot()).toMatchObject({ connection: 'failing', pending: 1 });

    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.getSnapshot()).toMatchObject({ connection: 'online', pending: 0 });
  });

  it('rides out an outage of 503s with every answer kept, and sends them within the server’s Retry-After of its return', async () => {
    let down = true;
    send.mockImplementation(async () => {
      if (down) throw new ApiError({ code: 'unavailable', status: 503, title: 'x', retryAfter: 5 });
      return {};
    });
    const store = create();
    await store.save(1, choice('a'));
    await settle();
    // Ten seconds down, with answers given (and changed) meanwhile.
    for (let second = 1; second <= 10; second++) {
      await vi.advanceTimersByTimeAsync(1_000);
      if (second === 3) await store.save(2, choice('b'));
      if (second === 7) await store.save(1, choice('c'));
    }
    expect(store.getSnapshot()).toMatchObject({ connection: 'failing', pending: 2 });
    expect(await queue.list(attemptId)).toHaveLength(2);

    down = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.getSnapshot()).toMatchObject({ connection: 'online', pending: 0 });
    expect([...store.getSnapshot().status]).toEqual([
      [1, 'saved'],
      [2, 'saved'],
    ]);
    expect(send).toHaveBeenLastCalledWith(2, choice('b'));
    expect(send.mock.calls.filter(([position]) => position === 1).at(-1)).toEqual([1, choice('c')]);
    expect(await queue.list(attemptId)).toEqual([]);
    store.disconnect();
  });

  it('resolves a flush to whether everything got through', async () => {
    send.mockRejectedValueOnce(networkError(new TypeError('offline')));
    const store = create();
    await store.save(1, choice('a'));
    await settle();
    expect(await store.flush()).toBe(true);

    send.mockRejectedValueOnce(networkError(new TypeError('offline')));
    await store.save(2, choice('b'));
    expect(await store.flush()).toBe(false);
    store.disconnect();
  });
});
