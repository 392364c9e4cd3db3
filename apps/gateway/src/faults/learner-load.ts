import type { AnswerInput, ExamAttempt, LearnerQuestion } from '@questa/contracts';

/** One request of the load and what came of it; status 0 when no answer came in time. */
export interface Outcome {
  kind: 'exam.start' | 'exam.answer' | 'catalog' | 'practice.start';
  startedAt: number;
  endedAt: number;
  status: number;
  code?: string;
  retryAfter?: string | null;
}

/** An answer the server acknowledged with 200: it must be in the attempt from then on. */
export interface AckedAnswer {
  /** The index of the learner's cookie in the options. */
  learner: number;
  attemptId: string;
  position: number;
  answer: AnswerInput;
}

export interface LearnerLoad {
  outcomes: Outcome[];
  acked: AckedAnswer[];
  /** Stops sending and resolves once every request under way has its outcome. */
  stop(): Promise<void>;
}

export interface LearnerLoadOptions {
  url: string;
  /** One session cookie per learner; each learner works through exams of their own. */
  learners: string[];
  bankId: string;
  /** What else each learner asks for between answers: the catalog, practice starts, or both. */
  alongside?: ('catalog' | 'practice.start')[];
  /** Longer than this without an answer is recorded as status 0 and the request given up. */
  requestLimitMs: number;
  /** Between one learner's requests; a retry after a failure waits as long. */
  pauseMs?: number;
}

/**
 * A steady load of learners as Questa's exam page makes it: each starts an exam, answers its
 * questions one after another (an unacknowledged answer is sent again, as the page's queue does)
 * and starts the next exam when done; catalog and practice requests go alongside. Every outcome
 * is recorded with its time, and every acknowledged answer, so a test can check both against an
 * outage it causes.
 */
export function startLearnerLoad(options: LearnerLoadOptions): LearnerLoad {
  const outcomes: Outcome[] = [];
  const acked: AckedAnswer[] = [];
  const pauseMs = options.pauseMs ?? 100;
  let stopped = false;
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));

  async function request<T>(
    kind: Outcome['kind'],
    cookie: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body?: T }> {
    const startedAt = Date.now();
    try {
      const response = await fetch(`${options.url}${path}`, {
        method,
        signal: AbortSignal.timeout(options.requestLimitMs),
        headers: {
          cookie,
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(method !== 'GET' && { 'x-questa-request': '1', origin: options.url }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const json = response.headers.get('content-type')?.includes('json') && text;
      const parsed = (json ? JSON.parse(text) : undefined) as (T & { code?: string }) | undefined;
      outcomes.push({
        kind,
        startedAt,
        endedAt: Date.now(),
        status: response.status,
        code: response.ok ? undefined : (parsed?.code ?? text.slice(0, 80)),
        retryAfter: response.headers.get('retry-after'),
      });
      return { status: response.status, body: parsed };
    } catch (error) {
      const code = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
      outcomes.push({ kind, startedAt, endedAt: Date.now(), status: 0, code });
      return { status: 0 };
    }
  }

  async function learner(cookie: string, index: number) {
    let attempt: ExamAttempt | undefined;
    let next = 0;
    let turn = 0;
    while (!stopped) {
      for (const kind of options.alongside ?? []) {
        if (kind === 'catalog') await request('catalog', cookie, 'GET', '/api/catalog/banks');
        else
          await request('practice.start', cookie, 'POST', '/api/practice/sessions', {
            bankId: options.bankId,
          });
      }
      if (!attempt || next >= attempt.questions.length) {
        const started = await request<ExamAttempt>('exam.start', cookie, 'POST', '/api/exams', {
          bankId: options.bankId,
        });
        if (started.status === 201) {
          attempt = started.body;
          next = 0;
        }
        await pause();
        continue;
      }
      const { position, question } = attempt.questions[next]!;
      const answer = examAnswer(question, index + turn);
      if (!answer) {
        next++;
        continue;
      }
      const saved = await request(
        'exam.answer',
        cookie,
        'PUT',
        `/api/exams/${attempt.id}/responses/${position}`,
        {
          answer,
        },
      );
      if (saved.status === 200) {
        acked.push({ learner: index, attemptId: attempt.id, position, answer });
        next++;
        turn++;
      }
      await pause();
    }
  }

  const running = Promise.all(options.learners.map((cookie, i) => learner(cookie, i)));
  return {
    outcomes,
    acked,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * Some answer of the question's own type, varied by `n` where the type allows, so answers given
 * to one position in turn differ; undefined for a type this load does not answer.
 */
export function examAnswer(question: LearnerQuestion, n: number): AnswerInput | undefined {
  switch (question.type) {
    case 'single_choice':
      return { type: 'single_choice', optionId: question.options[n % question.options.length]!.id };
    case 'multiple_response':
      return {
        type: 'multiple_response',
        optionIds: [question.options[n % question.options.length]!.id],
      };
    case 'true_false':
      return { type: 'true_false', value: n % 2 === 0 };
    case 'numeric':
      return { type: 'numeric', value: n };
    case 'short_text':
      return { type: 'short_text', text: `Answer ${n}` };
    case 'essay':
      return { type: 'essay', text: `An essay, take ${n}.` };
    case 'ordering':
      return { type: 'ordering', itemIds: question.items.map((item) => item.id) };
    case 'matching':
      return {
        type: 'matching',
        pairs: question.prompts.map((prompt, i) => ({
          pairId: prompt.id,
          answer: question.answers[(n + i) % question.answers.length]!,
        })),
      };
    case 'calculated':
      return { type: 'calculated', value: n };
    default:
      return undefined;
  }
}

/** The requests of `kinds` whose outcome came between `from` and `to` (Date.now() values). */
export const outcomesBetween = (
  outcomes: readonly Outcome[],
  from: number,
  to: number,
  kinds?: readonly Outcome['kind'][],
) =>
  outcomes.filter(
    (outcome) =>
      outcome.endedAt >= from && outcome.endedAt <= to && (!kinds || kinds.includes(outcome.kind)),
  );

/**
 * Milliseconds from `since` until requests of every one of `kinds` succeed again: the end of the
 * first success of each kind that started at or after `since`, the latest of them.
 */
export function recoveryMs(
  outcomes: readonly Outcome[],
  since: number,
  kinds: readonly Outcome['kind'][],
): number | undefined {
  let latest = since;
  for (const kind of kinds) {
    const first = outcomes.find(
      (outcome) =>
        outcome.kind === kind &&
        outcome.startedAt >= since &&
        outcome.status >= 200 &&
        outcome.status < 300,
    );
    if (!first) return undefined;
    latest = Math.max(latest, first.endedAt);
  }
  return latest - since;
}

/**
 * The outcomes since `since` counted by kind and status (with the code of a refusal), e.g.
 * `exam.answer 200×12, exam.answer 503 unavailable×3`: what a fault test reports when the load
 * does not come back, so a failure on a busy CI machine says which requests were stuck and how.
 */
export function describeOutcomes(outcomes: readonly Outcome[], since: number): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.startedAt < since) continue;
    const key = `${outcome.kind} ${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const parts = [...counts].map(([key, count]) => `${key}×${count}`);
  return parts.length === 0 ? 'no requests sent' : parts.join(', ');
}
