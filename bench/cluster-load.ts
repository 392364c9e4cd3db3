import type { ExamAttempt, PracticeState } from '@questa/contracts';
import { examAnswer } from '@questa/gateway/testing';

/** The kinds of request the mixed load makes, each counted on its own. */
export const KINDS = [
  'catalog page',
  'practice answer',
  'practice draw',
  'exam answer',
  'exam start',
  'live answer',
] as const;
export type Kind = (typeof KINDS)[number];

/** One kind's requests in the measured window: each one's time, and what failed. */
export interface Tally {
  latencies: number[];
  /** Non-2xx answers, network failures and requests past the time limit. */
  errors: number;
  firstError?: string;
}

export type Tallies = Record<Kind, Tally>;

export const emptyTallies = (): Tallies =>
  Object.fromEntries(
    KINDS.map((kind): [Kind, Tally] => [kind, { latencies: [], errors: 0 }]),
  ) as Record<Kind, Tally>;

/** Longer than this without an answer counts as an error; no request waits for ever. */
const REQUEST_LIMIT_MS = 10_000;

export interface HttpLoadOptions {
  url: string;
  /** Session cookies of premium learners; each signed-in client takes one in turn. */
  cookies: string[];
  bankId: string;
  /** Anonymous GETs, one after another, through `catalogPaths` in turn. */
  catalogPaths: string[];
  clients: { catalog: number; practice: number; exam: number };
}

/**
 * Closed-loop clients through HAProxy, each sending its next request as soon as the last one is
 * answered: anonymous catalog browsing, learners practising (answer, draw the next, a new
 * session once the bank is done) and learners in exams (start one, answer every question, start
 * the next). Requests count in `tallies` only while `recording` is on, so a warm-up does not.
 */
export function startHttpLoad(options: HttpLoadOptions, tallies: () => Tallies | undefined) {
  let running = true;

  async function call<T>(
    kind: Kind,
    path: string,
    init: { method?: string; cookie?: string; body?: unknown } = {},
  ): Promise<T | undefined> {
    const started = performance.now();
    const method = init.method ?? 'GET';
    let failure: string | undefined;
    let result: T | undefined;
    try {
      const response = await fetch(`${options.url}${path}`, {
        method,
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
        headers: {
          ...(init.cookie && { cookie: init.cookie }),
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
          ...(method !== 'GET' && { 'x-questa-request': '1', origin: options.url }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      if (response.ok) result = (text ? JSON.parse(text) : {}) as T;
      else failure = `${method} ${path}: ${response.status} ${text.slice(0, 160)}`;
    } catch (error) {
      failure = `${method} ${path}: ${(error as Error).name} ${(error as Error).message}`;
    }
    const tally = tallies()?.[kind];
    if (tally) {
      tally.latencies.push(performance.now() - started);
      if (failure) {
        tally.errors++;
        tally.firstError ??= failure;
      }
    }
    return result;
  }

  async function browse(offset: number) {
    for (let turn = offset; running; turn++) {
      await call('catalog page', options.catalogPaths[turn % options.catalogPaths.length]!);
    }
  }

  async function practise(cookie: string) {
    let state: PracticeState | undefined;
    for (let turn = 0; running; turn++) {
      if (!state?.item || state.exhausted || state.item.result) {
        state = await call<PracticeState>('practice draw', '/api/practice/sessions', {
          method: 'POST',
          cookie,
          body: { bankId: options.bankId },
        });
        continue;
      }
      const answer = examAnswer(state.item.question, turn);
      // The session would draw nothing new past a question this load cannot answer.
      if (!answer) {
        state = undefined;
        continue;
      }
      await call(
        'practice answer',
        `/api/practice/sessions/${state.session.id}/items/${state.item.id}/answer`,
        { method: 'POST', cookie, body: { answer } },
      );
      state = await call<PracticeState>(
        'practice draw',
        `/api/practice/sessions/${state.session.id}/next`,
        { method: 'POST', cookie },
      );
    }
  }

  async function sitExams(cookie: string) {
    let attempt: ExamAttempt | undefined;
    let next = 0;
    for (let turn = 0; running; turn++) {
      if (!attempt || next >= attempt.questions.length) {
        attempt = await call<ExamAttempt>('exam start', '/api/exams', {
          method: 'POST',
          cookie,
          body: { bankId: options.bankId },
        });
        next = 0;
        continue;
      }
      const { position, question } = attempt.questions[next++]!;
      const answer = examAnswer(question, turn);
      if (!answer) continue;
      await call('exam answer', `/api/exams/${attempt.id}/responses/${position}`, {
        method: 'PUT',
        cookie,
        body: { answer },
      });
    }
  }

  const cookieOf = (i: number) => options.cookies[i % options.cookies.length]!;
  const clients = [
    ...Array.from({ length: options.clients.catalog }, (_, i) => browse(i)),
    ...Array.from({ length: options.clients.practice }, (_, i) => practise(cookieOf(i))),
    ...Array.from({ length: options.clients.exam }, (_, i) => sitExams(cookieOf(i))),
  ];
  const done = Promise.all(clients);
  return {
    /** Stops sending; resolves once every request under way has its answer. */
    async stop() {
      running = false;
      await done;
    },
  };
}
