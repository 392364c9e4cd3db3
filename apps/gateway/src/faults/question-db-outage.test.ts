import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScaledTimeout, readTestSettings } from '@questa/config';
import type { ExamAttempt } from '@questa/contracts';
import {
  questaHttp,
  startDistributedQuesta,
  startPrivateRedis,
  until,
  type DistributedQuesta,
  type PrivateRedis,
} from '../testing';
import { examAnswer } from './learner-load';
import { demoBankId, premiumLearners } from './premium-learners';
import { reportRecoveries } from './recovery-report';

/** No request may wait longer than this for its answer while the question database is away. */
const REQUEST_LIMIT_MS = 8_000;

const { databaseUrl } = readTestSettings();
if (!databaseUrl) {
  console.warn(
    'question-db-outage.test.ts is skipped: DATABASE_URL is not set; it needs PostgreSQL.',
  );
}

/**
 * The question database's process stopped and started again: the main API answers what needs
 * it with a clear 503, goes on with exams already started (their questions are pinned in the
 * main API's own tables), and finds the new process by itself. Not an `.int` test: it starts the
 * processes itself, on PostgreSQL only.
 */
describe.skipIf(!databaseUrl)('the question database stopped and started again', () => {
  let redis: PrivateRedis;
  let questa: DistributedQuesta;
  let learner: string;
  let bankId: string;
  let call: ReturnType<typeof questaHttp>;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    questa = await startDistributedQuesta({
      adminDatabaseUrl: databaseUrl!,
      apiProcesses: 2,
      redisUrl: redis.url,
    });
    [learner] = (await premiumLearners(questa.url, ['learner@questa.test'])) as [string];
    bankId = await demoBankId(questa.url);
    call = questaHttp(questa.url);
  }, loadScaledTimeout(400_000));

  afterAll(async () => {
    await questa?.stop();
    await redis?.stop();
  }, 60_000);

  let searches = 0;
  /** A catalog search no API process has cached. */
  const search = () => `geography-${++searches}`;

  /** A call that must answer within the limit, timed. */
  async function timed<T>(method: string, path: string, body?: unknown) {
    const started = Date.now();
    const answer = await Promise.race([
      call<T>(learner, method, path, body),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`${method} ${path} did not answer in ${REQUEST_LIMIT_MS} ms`)),
          REQUEST_LIMIT_MS,
        ),
      ),
    ]);
    return { ...answer, ms: Date.now() - started };
  }

  it('answers 503 for the catalog and new starts, goes on with a started exam, and recovers', async () => {
    const started = await timed<ExamAttempt>('POST', '/api/exams', { bankId });
    expect(started.status).toBe(201);
    const attempt = started.body;
    const acked: { position: number; answer: unknown }[] = [];
    // The questions of a type the load knows how to answer, in order.
    const answerable = attempt.questions.flatMap(({ position, question }) => {
      const answer = examAnswer(question, position);
      return answer ? [{ position, answer }] : [];
    });
    expect(answerable.length).toBeGreaterThanOrEqual(4);
    const answerNext = async () => {
      const { position, answer } = answerable[acked.length]!;
      const saved = await timed('PUT', `/api/exams/${attempt.id}/responses/${position}`, {
        answer,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      acked.push({ position, answer });
    };
    await answerNext();

    await questa.questionDb.stop();
    expect(questa.questionDb.running()).toBe(false);

    // What needs the question database: a clear, prompt 503 with Retry-After. (A catalog page
    // an API process read a moment ago may still come from its short cache: a search of its own
    // does not.)
    for (const [method, path, body] of [
      ['GET', `/api/catalog/banks?q=${search()}`, undefined],
      ['POST', '/api/practice/sessions', { bankId }],
      ['POST', '/api/exams', { bankId }],
    ] as const) {
      const refused = await timed(method, path, body);
      expect(refused.status, `${method} ${path}: ${JSON.stringify(refused.body)}`).toBe(503);
      expect(refused.body).toMatchObject({ code: 'unavailable', status: 503 });
    }
    const catalog = await fetch(`${questa.url}/api/catalog/banks?q=${search()}`, {
      headers: { accept: 'application/json' },
    });
    const seen = `${catalog.status} ${JSON.stringify([...catalog.headers])} ${await catalog.text()}`;
    expect(catalog.status, seen).toBe(503);
    expect(Number(catalog.headers.get('retry-after')), seen).toBeGreaterThan(0);
    expect(catalog.headers.get('content-type'), seen).toContain('application/problem+json');

    // The exam under way goes on: answers acknowledged, and read back with its questions.
    await answerNext();
    await answerNext();
    const during = await timed<ExamAttempt>('GET', `/api/exams/${attempt.id}`);
    expect(during.status).toBe(200);
    expect(during.body.questions).toHaveLength(attempt.questions.length);

    // A new question database process, on the same port: requests work again by themselves.
    const restartedAt = Date.now();
    const questionDb = await questa.startQuestionDb();
    const readyAt = Date.now();
    const recovered = await until(
      async () => {
        const catalog = await timed('GET', `/api/catalog/banks?q=${search()}`);
        const practice = await timed('POST', '/api/practice/sessions', { bankId });
        return catalog.status === 200 && practice.status === 201 && Date.now();
      },
      'the catalog and practice to work again',
      loadScaledTimeout(30_000),
    );
    const again = await timed<ExamAttempt>('POST', '/api/exams', { bankId });
    expect(again.status).toBe(201);
    await answerNext();

    const after = await timed<ExamAttempt>('GET', `/api/exams/${attempt.id}`);
    for (const entry of acked) {
      expect(
        after.body.responses.find((response) => response.position === entry.position)?.answer,
      ).toEqual(entry.answer);
    }
    expect(questionDb.running()).toBe(true);
    for (const process of [...questa.apis, questa.identity]) {
      expect(process.running(), `${process.name}:\n${process.output()}`).toBe(true);
    }

    await reportRecoveries([
      {
        fault: 'question database process stopped and started again (2 API processes)',
        measured: 'catalog and practice starts',
        recoveryMs: recovered - readyAt,
        notes: `the new process took ${readyAt - restartedAt} ms to be ready; the started exam went on meanwhile`,
      },
    ]);
  }, 180_000);
});
