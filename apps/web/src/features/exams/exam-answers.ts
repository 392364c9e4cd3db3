import type { AnswerInput, SavedResponse } from '@questa/contracts';
import { isApiError, type ApiError } from '../../lib/api-client';
import type { AnswerQueue, QueuedAnswer } from './answer-queue';
import { retryDelay } from './exam-clock';

/**
 * `saved`: the server acknowledged this very answer. `pending`: kept on this device and on its way
 * (or waiting for the connection). `rejected`: the server refused it as malformed; it is dropped.
 */
export type SaveStatus = 'saved' | 'pending' | 'rejected';

/** `offline`: requests do not get through. `failing`: they do, but the server cannot take them. */
export type Connection = 'online' | 'offline' | 'failing';

export interface ExamAnswersSnapshot {
  answers: ReadonlyMap<number, AnswerInput>;
  status: ReadonlyMap<number, SaveStatus>;
  connection: Connection;
  /** The server refused an answer because the exam is over (time up, or submitted elsewhere). */
  ended: boolean;
  /** Answers not yet acknowledged. */
  pending: number;
}

export type SendAnswer = (position: number, answer: AnswerInput) => Promise<unknown>;

const sameAnswer = (a: AnswerInput | undefined, b: AnswerInput | undefined) =>
  a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * What the learner has answered, after a reload or in a second tab: the server's saved responses,
 * overridden by answers still queued on this device, which are newer than anything the server has.
 */
export function mergeAnswers(
  responses: readonly SavedResponse[],
  queued: readonly QueuedAnswer[],
): { answers: Map<number, AnswerInput>; status: Map<number, SaveStatus> } {
  const answers = new Map<number, AnswerInput>();
  const status = new Map<number, SaveStatus>();
  for (const response of responses) {
    answers.set(response.position, response.answer);
    status.set(response.position, 'saved');
  }
  for (const entry of queued) {
    answers.set(entry.position, entry.answer);
    status.set(entry.position, 'pending');
  }
  return { answers, status };
}

type Failure = 'network' | 'expired' | 'rejected' | 'server';

function classify(error: unknown): Failure {
  if (!isApiError(error)) return 'network';
  // The API client reports a request that got no answer at all with status 0.
  if (error.status === 0) return 'network';
  if (error.code === 'exam.expired') return 'expired';
  if (error.code === 'validation.failed' || error.code === 'not_found') return 'rejected';
  return 'server';
}

export interface ExamAnswersOptions {
  attemptId: string;
  responses: readonly SavedResponse[];
  queued: readonly QueuedAnswer[];
  queue: AnswerQueue;
  send: SendAnswer;
  isOnline?: () => boolean;
  /** Where the `online` event is heard; the window in a browser. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

/**
 * An exam's answers and their way to the server. Every answer is written to the device's queue
 * first and then sent; it counts as saved only when the server acknowledges it. When sending fails
 * for want of a connection (or a server that cannot take it), the answers wait in the queue and go
 * out again when the browser is back online, and every 5 s with backoff meanwhile.
 */
export class ExamAnswers {
  readonly #options: Required<Omit<ExamAnswersOptions, 'responses' | 'queued'>>;
  /** Answers given on this device and not yet acknowledged, by position. */
  readonly #unsent = new Map<number, AnswerInput>();
  #snapshot: ExamAnswersSnapshot;
  readonly #listeners = new Set<() => void>();
  #writes: Promise<unknown> = Promise.resolve();
  #flushing: Promise<boolean> | null = null;
  #again = false;
  #failures = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #connected = false;

  constructor({ responses, queued, ...options }: ExamAnswersOptions) {
    this.#options = {
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
      events: window,
      now: Date.now,
      ...options,
    };
    const { answers, status } = mergeAnswers(responses, queued);
    for (const entry of queued) this.#unsent.set(entry.position, entry.answer);
    this.#snapshot = {
      answers,
      status,
      connection: 'online',
      ended: false,
      pending: queued.length,
    };
  }

  readonly #onOnline = () => {
    this.#failures = 0;
    void this.flush();
  };

  /** Starts listening for the connection, and sends what an earlier visit left queued. */
  connect(): void {
    if (this.#connected) return;
    this.#connected = true;
    this.#options.events.addEventListener('online', this.#onOnline);
    if (this.#unsent.size > 0) void this.flush();
  }

  /** Stops retrying and listening; what is queued stays queued for the next visit. */
  disconnect(): void {
    this.#connected = false;
    this.#options.events.removeEventListener('online', this.#onOnline);
    clearTimeout(this.#retry);
    this.#retry = undefined;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  getSnapshot = (): ExamAnswersSnapshot => this.#snapshot;

  /** Keeps `answer` on the device, then sends it. Resolves once it is queued. */
  async save(position: number, answer: AnswerInput): Promise<void> {
    const current = this.#snapshot;
    if (current.ended) return;
    const unchanged =
      sameAnswer(current.answers.get(position), answer) &&
      current.status.get(position) !== 'rejected';
    if (unchanged) return;

    this.#unsent.set(position, answer);
    this.#update({ answer: [position, answer], status: [position, 'pending'] });
    const { attemptId, queue, now } = this.#options;
    const entry = { attemptId, position, answer, queuedAt: now() };
    // Writes go in the order given, so an older answer can never land after a newer one.
    this.#writes = this.#writes.then(() => queue.put(entry)).catch(() => {});
    await this.#writes;
    void this.flush();
  }

  /**
   * Sends everything queued. Resolves to true when nothing is left to send, false when some answers
   * must wait (no connection, a server error); a retry is then scheduled.
   */
  flush(): Promise<boolean> {
    if (this.#flushing) {
      this.#again = true;
      return this.#flushing;
    }
    this.#flushing = (async () => {
      let done: boolean;
      do {
        this.#again = false;
        done = await this.#drain();
      } while (done && this.#again);
      this.#flushing = null;
      return done;
    })();
    return this.#flushing;
  }

  async #drain(): Promise<boolean> {
    clearTimeout(this.#retry);
    this.#retry = undefined;
    await this.#writes;
    const { attemptId, queue, send, isOnline } = this.#options;

    for (;;) {
      if (this.#snapshot.ended) return true;
      const next = this.#unsent.entries().next();
      if (next.done) {
        this.#failures = 0;
        this.#update({ connection: 'online' });
        return true;
      }
      const [position, answer] = next.value;
      if (!isOnline()) return this.#fail('offline');
      try {
        await send(position, answer);
      } catch (error) {
        const failure = classify(error);
        if (failure === 'network') return this.#fail('offline');
        if (failure === 'server') return this.#fail('failing', (error as ApiError).retryAfter);
        if (failure === 'expired') {
          // Too late for every answer still queued: the server will not take any of them.
          this.#unsent.clear();
          await queue.clear(attemptId).catch(() => {});
          this.#update({ ended: true });
          return true;
        }
        if (sameAnswer(this.#unsent.get(position), answer)) this.#unsent.delete(position);
        await queue.remove(attemptId, position).catch(() => {});
        this.#update({ status: [position, 'rejected'] });
        continue;
      }
      // A newer answer given while this one travelled stays queued, and goes next.
      const current = sameAnswer(this.#unsent.get(position), answer);
      if (current) this.#unsent.delete(position);
      await queue.acknowledge(attemptId, position, answer).catch(() => false);
      this.#update(current ? { status: [position, 'saved'], connection: 'online' } : {});
    }
  }

  /**
   * No longer than a failing server's Retry-After: the backoff alone, grown by every answer given
   * during an outage, would leave the answers waiting up to 30 s after the server is back.
   */
  #fail(connection: Connection, retryAfterSeconds?: number): false {
    this.#failures += 1;
    this.#update({ connection });
    if (this.#connected) {
      const delay =
        retryAfterSeconds && retryAfterSeconds > 0
          ? Math.min(retryDelay(this.#failures), retryAfterSeconds * 1000)
          : retryDelay(this.#failures);
      this.#retry = setTimeout(() => void this.flush(), delay);
    }
    return false;
  }

  #update(change: {
    answer?: [number, AnswerInput];
    status?: [number, SaveStatus];
    connection?: Connection;
    ended?: boolean;
  }): void {
    const previous = this.#snapshot;
    const answers = change.answer
      ? new Map(previous.answers).set(...change.answer)
      : previous.answers;
    const status = change.status ? new Map(previous.status).set(...change.status) : previous.status;
    this.#snapshot = {
      answers,
      status,
      connection: change.connection ?? previous.connection,
      ended: change.ended ?? previous.ended,
      pending: this.#unsent.size,
    };
    for (const listener of this.#listeners) listener();
  }
}
