import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, type QuestionContentInput } from '@questa/contracts';
import type { Kysely } from '@questa/db';
import { createHttpQuestionDbClient } from '../../adapters/question-db-client';
import { buildApp, type ApiDeps } from '../../app';
import { API_SCHEMA, type ApiTables } from '../../db/tables';
import {
  openTestSession,
  startQuestionDbBeside,
  TEST_ORIGIN,
  unreachableOidcClient,
  type QuestionDbBeside,
} from '../../testing';
import { createUserRepository } from '../users/user.repository';

/*
 * Test-only: a main API with a real question database beside it, a public bank of ten questions
 * of several types and a premium bank, and learners signed in by cookie.
 */

const capitals: [string, string, string][] = [
  ['France', 'Paris', 'Europe'],
  ['Italy', 'Rome', 'Europe'],
  ['Spain', 'Madrid', 'Europe'],
  ['Japan', 'Tokyo', 'Asia'],
  ['Kenya', 'Nairobi', 'Africa'],
  ['Peru', 'Lima', 'Americas'],
];

export const publicQuestions: QuestionContentInput[] = [
  ...capitals.map(([country, city, topic]): QuestionContentInput => ({
    type: 'short_text',
    stem: `What is the capital of ${country}?`,
    topic,
    difficulty: 1,
    accepted: [city],
    explanation: `${city} is the capital of ${country}.`,
  })),
  {
    type: 'single_choice',
    stem: 'Which city is furthest north?',
    topic: 'Europe',
    difficulty: 2,
    options: [
      { id: 'a', text: 'Oslo', correct: true },
      { id: 'b', text: 'Rome', correct: false },
    ],
  },
  { type: 'true_false', stem: 'Lima is in Peru.', topic: 'Americas', difficulty: 1, answer: true },
  {
    type: 'numeric',
    stem: 'How many countries border Peru?',
    topic: 'Americas',
    difficulty: 3,
    value: 5,
    tolerance: 0,
  },
  {
    type: 'ordering',
    stem: 'Order by population, largest first.',
    topic: 'Asia',
    difficulty: 3,
    items: [
      { id: 't', text: 'Tokyo' },
      { id: 'o', text: 'Osaka' },
      { id: 'k', text: 'Kyoto' },
    ],
  },
];

export interface LearningApi {
  beside: QuestionDbBeside;
  api: FastifyInstance;
  db: Kysely<ApiTables>;
  publicBankId: string;
  premiumBankId: string;
  /** A catalog bank's id by its slug. */
  bankId(slug: string): string;
  /** A signed-in learner: their cookie, id, and a way to call the API as them. */
  learner(name: string, options?: { premium?: boolean }): Promise<Learner>;
  /** Another API process on the same database: a restart, or a second instance. */
  anotherProcess(options?: { sweepIntervalMs?: number }): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface Learner {
  userId: string;
  /** The identity provider's subject, as the question database knows them. */
  sub: string;
  /** The Cookie header the learner's browser sends. */
  cookie: string;
  call(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

export async function startLearningApi(
  options: {
    sweepIntervalMs?: number;
    graceSeconds?: number;
    /** The payment partner, billing mail and settings, for billing's tests. */
    billing?: Pick<ApiDeps, 'payments' | 'mail' | 'billing'>;
    /** The identity provider's accounts, for deleting an account. */
    identityAccounts?: ApiDeps['identityAccounts'];
    /** The clock account deletions are scheduled by, for tests that move it. */
    now?: ApiDeps['now'];
    /** More banks after the two every test has, e.g. one with passages. */
    extraBanks?: Parameters<typeof startQuestionDbBeside>[0]['banks'];
  } = {},
): Promise<LearningApi> {
  const beside = await startQuestionDbBeside({
    tenant: { slug: 'learning-test', name: 'Learning test' },
    media: [],
    banks: [
      {
        slug: 'capitals',
        title: 'Capitals',
        description: '',
        language: 'en',
        visibility: 'public',
        tags: [],
        questions: publicQuestions.map((content) => ({ mediaKeys: [], content })),
      },
      {
        slug: 'premium-capitals',
        title: 'Premium capitals',
        description: '',
        language: 'en',
        visibility: 'premium',
        tags: [],
        questions: publicQuestions.slice(0, 2).map((content) => ({ mediaKeys: [], content })),
      },
      ...(options.extraBanks ?? []),
    ],
  });
  const build = (sweepIntervalMs = options.sweepIntervalMs ?? 0) =>
    buildApp({
      oidc: unreachableOidcClient(),
      publicUrl: TEST_ORIGIN,
      secureCookies: false,
      database: beside.database,
      questionDb: createHttpQuestionDbClient({
        baseUrl: beside.url,
        serviceToken: beside.serviceToken,
      }),
      examSweepIntervalMs: sweepIntervalMs,
      examGraceSeconds: options.graceSeconds,
      ...options.billing,
      identityAccounts: options.identityAccounts,
      ...(options.now && { now: options.now }),
    });
  const api = await build();
  const others: FastifyInstance[] = [];
  const db = beside.database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
  const { banks } = (await api.inject('/api/catalog/banks')).json<{
    banks: { id: string; slug: string }[];
  }>();
  const idOf = (slug: string) => banks.find((bank) => bank.slug === slug)!.id;

  return {
    beside,
    api,
    db,
    publicBankId: idOf('capitals'),
    premiumBankId: idOf('premium-capitals'),
    bankId: idOf,
    async learner(name, learnerOptions = {}) {
      const sub = `${name}-${Math.random().toString(36).slice(2)}`;
      const { cookieValue, userId } = await openTestSession(beside.database, {
        sub,
        email: `${sub}@example.test`,
        accessToken: await beside.issuer.sign({ sub }),
      });
      if (learnerOptions.premium) {
        await createUserRepository(db).grantPremium(userId, null, 'test');
      }
      const cookie = `questa_session=${cookieValue}`;
      return {
        userId,
        sub,
        cookie,
        call: (request) =>
          api.inject({
            ...request,
            headers: {
              cookie,
              ...(request.method && request.method !== 'GET'
                ? { [CSRF_HEADER]: '1', origin: TEST_ORIGIN }
                : {}),
              ...request.headers,
            },
          }),
      };
    },
    async anotherProcess(processOptions = {}) {
      const other = await build(processOptions.sweepIntervalMs);
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await api.close();
      await beside.close();
    },
  };
}
