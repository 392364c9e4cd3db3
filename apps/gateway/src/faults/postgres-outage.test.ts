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
import { describeOutcomes, outcomesBetween, recoveryMs, startLearnerLoad } from './learner-load';
import { demoBankId, premiumLearners } from './premium-learners';
import {
  privatePostgresUnavailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from './private-postgres';
import { reportRecoveries } from './recovery-report';

const OUTAGE_MS = 10_000;
/** No request may wait longer than this for its answer, outage or not. */
const REQUEST_LIMIT_MS = 8_000;

const { databaseUrl } = readTestSettings();
const missing = !databaseUrl
  ? 'DATABASE_URL is not set (the fault tests run with the PostgreSQL ones)'
  : privatePostgresUnavailable();
if (missing) {
  console.warn(`postgres-outage.test.ts is skipped: ${missing}.`);
}

/**
 * PostgreSQL taken away under load and given back: Questa apart (two API processes, question
 * database, identity provider) on a PostgreSQL cluster and a Redis of the test's own, a few
 * learners answering exams and reading the catalog meanwhile. Not an `.int` test: it starts the
 * processes and the database server itself.
 */
describe.skipIf(missing)('PostgreSQL stopped for 10 s under load', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let questa: DistributedQuesta;
  let learners: string[];
  let bankId: string;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    redis = await startPrivateRedis();
    questa = await startDistributedQuesta({
      adminDatabaseUrl: postgres.adminUrl,
      apiProcesses: 2,
      redisUrl: redis.url,
    });
    learners = await premiumLearners(questa.url, [
      'learner@questa.test',
      'teacher@questa.test',
      'author@questa.test',
    ]);
    bankId = await demoBankId(questa.url);
  }, loadScaledTimeout(400_000));

  afterAll(async () => {
    await questa?.stop().catch(() => undefined);
    await redis?.stop();
    await postgres?.remove();
  }, 60_000);

  it('answers 503 with Retry-After meanwhile, recovers within seconds and keeps every acknowledged answer', async () => {
    const load = startLearnerLoad({
      url: questa.url,
      learners,
      bankId,
      alongside: ['catalog'],
      requestLimitMs: REQUEST_LIMIT_MS,
    });
    let stoppedAt = 0;
    let backAt = 0;
    try {
      await until(() => load.acked.length >= 6, 'answers saved before the outage', 60_000);
      stoppedAt = Date.now();
      await postgres.stop();
      const down = Date.now();
      await until(
        () => outcomesBetween(load.outcomes, down, Date.now(), ['exam.answer']).length >= 3,
        'answers sent while PostgreSQL is down',
      );
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, stoppedAt + OUTAGE_MS - Date.now())),
      );
      await postgres.start();
      backAt = Date.now();
      await until(
        () => recoveryMs(load.outcomes, backAt, ['exam.answer', 'exam.start', 'catalog']),
        () =>
          `requests to succeed again; since PostgreSQL came back: ${describeOutcomes(load.outcomes, backAt)}`,
        loadScaledTimeout(60_000),
      );
      // A little more load after recovery: nothing may fail from here on.
      const settled = load.acked.length;
      await until(() => load.acked.length >= settled + 6, 'answers saved after the outage');
    } finally {
      await load.stop();
    }

    const recovered = recoveryMs(load.outcomes, backAt, ['exam.answer', 'exam.start', 'catalog'])!;
    const failures = load.outcomes.filter(
      (outcome) => outcome.status !== 200 && outcome.status !== 201,
    );
    const during = outcomesBetween(load.outcomes, stoppedAt, backAt + recovered);
    const report = `${failures.length} of ${load.outcomes.length} requests failed: ${JSON.stringify(
      failures.slice(0, 20).map((outcome) => ({
        ...outcome,
        startedAt: outcome.startedAt - stoppedAt,
        endedAt: outcome.endedAt - stoppedAt,
      })),
    )}`;

    // No process went down: checked first, since a process that exits also fails the requests it
    // was answering (502 from the balancer), and its output says why.
    for (const process of [...questa.apis, questa.questionDb, questa.identity]) {
      expect(process.running(), `${process.name}:\n${process.output()}`).toBe(true);
    }

    // Every failure is a prompt 503 `unavailable` with Retry-After, and only while it lasted.
    for (const failure of failures) {
      expect(failure, report).toMatchObject({ status: 503, code: 'unavailable' });
      expect(Number(failure.retryAfter), report).toBeGreaterThan(0);
      expect(failure.endedAt, report).toBeGreaterThanOrEqual(stoppedAt);
      expect(failure.startedAt, report).toBeLessThanOrEqual(backAt + recovered);
    }
    expect(during.filter((outcome) => outcome.status === 503).length, report).toBeGreaterThan(0);
    for (const outcome of load.outcomes) {
      expect(outcome.endedAt - outcome.startedAt, report).toBeLessThan(REQUEST_LIMIT_MS);
    }
    expect(recovered, report).toBeLessThan(loadScaledTimeout(5_000));

    // Every acknowledged answer, before, during or after, is in its attempt.
    const call = questaHttp(questa.url);
    const attempts = new Map<string, ExamAttempt>();
    for (const entry of load.acked) {
      if (attempts.has(entry.attemptId)) continue;
      const read = await call<ExamAttempt>(
        learners[entry.learner],
        'GET',
        `/api/exams/${entry.attemptId}`,
      );
      expect(read.status).toBe(200);
      attempts.set(entry.attemptId, read.body);
    }
    for (const entry of load.acked) {
      const saved = attempts
        .get(entry.attemptId)!
        .responses.find((response) => response.position === entry.position);
      expect(saved?.answer, `${entry.attemptId} #${entry.position}`).toEqual(entry.answer);
    }

    await reportRecoveries([
      {
        fault: 'PostgreSQL stopped for 10 s (2 API processes)',
        measured: 'exam answers, exam starts and the catalog',
        recoveryMs: recovered,
        notes: `${during.filter((outcome) => outcome.status === 503).length} answered 503 meanwhile; ${load.acked.length} answers acknowledged, all kept`,
      },
    ]);
  }, 240_000);
});
