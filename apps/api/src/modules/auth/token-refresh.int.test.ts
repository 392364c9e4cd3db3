import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpProblem } from '@questa/http-kit';
import { migrate, type Kysely } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { RefreshRefusedError, type OidcClient, type TokenSet } from '../../adapters/oidc-client';
import { API_SCHEMA, apiMigrations, type ApiTables } from '../../db/tables';
import { createUserRepository } from '../users/user.repository';
import { createSessionRepository, type SessionRepository } from './session.repository';
import { createTokenRefresher, refreshTimeOf } from './token-refresh';

/**
 * A stand-in for the provider's token endpoint that counts refreshes and answers when the test
 * says so. The real provider's refresh is exercised end to end in e2e/stay-signed-in.e2e.ts.
 */
function providerStub() {
  let calls = 0;
  let answer: (token: string) => Promise<TokenSet> = (token) =>
    Promise.resolve(tokensFor(`${token}+`));
  const oidc = {
    refresh: (refreshToken: string) => {
      calls++;
      return answer(refreshToken);
    },
  } as Partial<OidcClient> as OidcClient;
  return {
    oidc,
    calls: () => calls,
    answerWith(next: (token: string) => Promise<TokenSet>) {
      answer = next;
    },
  };
}

const tokensFor = (refreshToken: string, lifetimeMs = 600_000): TokenSet => ({
  accessToken: `access-for-${refreshToken}`,
  refreshToken,
  idToken: 'id-token',
  accessExpiresAt: Date.now() + lifetimeMs,
});

describe('refreshing a session’s access token', () => {
  let test: TestDatabase;
  let sessions: SessionRepository;
  let userId = '';
  let counter = 0;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, API_SCHEMA, apiMigrations);
    const db = test.database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
    sessions = createSessionRepository(db);
    ({ id: userId } = await createUserRepository(db).upsertFromSignIn({
      sub: 'refreshing-learner',
      email: 'refreshing@questa.test',
      name: 'Refreshing learner',
      roles: [],
    }));
  });
  afterAll(() => test?.dispose());

  let idHash = '';
  beforeEach(async () => {
    idHash = `session-${++counter}`;
    // A token that is already due: it expired a moment ago.
    const expired = tokensFor('first', -1000);
    await sessions.create({
      idHash,
      userId,
      tokens: expired,
      refreshAt: refreshTimeOf(expired),
      expiresAt: Date.now() + 86_400_000,
      userAgent: 'test',
      ip: '127.0.0.1',
    });
  });

  const stored = async () => (await sessions.find(idHash))!;

  it('keeps a token that is not due yet and refreshes one that is', async () => {
    const provider = providerStub();
    const refresher = createTokenRefresher({ sessions, oidc: provider.oidc });
    const token = await refresher.accessToken(await stored());
    expect(token).toBe('access-for-first+');
    expect(provider.calls()).toBe(1);
    const after = await stored();
    expect(after.refreshToken).toBe('first+');
    expect(await refresher.accessToken(after)).toBe('access-for-first+');
    expect(provider.calls()).toBe(1);
  });

  it('spends a refresh token once when many requests in two processes need it together', async () => {
    const provider = providerStub();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    provider.answerWith(async (token) => {
      await held;
      return tokensFor(`${token}+`);
    });
    // Two refreshers over one table are two API processes.
    const processes = [
      createTokenRefresher({ sessions, oidc: provider.oidc }),
      createTokenRefresher({ sessions, oidc: provider.oidc }),
    ];
    const session = await stored();
    const tokens = processes.flatMap((process) =>
      Array.from({ length: 5 }, () => process.accessToken(session)),
    );
    await expect.poll(provider.calls).toBe(1);
    release();
    expect(new Set(await Promise.all(tokens))).toEqual(new Set(['access-for-first+']));
    expect(provider.calls()).toBe(1);
  });

  it('keeps the session and answers unavailable when the provider does not answer', async () => {
    const provider = providerStub();
    provider.answerWith(() =>
      Promise.reject(new HttpProblem('unavailable', { detail: 'down', retryAfter: 5 })),
    );
    const refresher = createTokenRefresher({ sessions, oidc: provider.oidc });
    await expect(refresher.accessToken(await stored())).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(await sessions.find(idHash)).toBeDefined();

    // The claim was given back, so the next request refreshes at once.
    provider.answerWith((token) => Promise.resolve(tokensFor(`${token}+`)));
    expect(await refresher.accessToken(await stored())).toBe('access-for-first+');
  });

  it('ends the session when the provider refuses the refresh token', async () => {
    const provider = providerStub();
    provider.answerWith(() =>
      Promise.reject(new RefreshRefusedError('invalid_grant', { cause: undefined })),
    );
    const refresher = createTokenRefresher({ sessions, oidc: provider.oidc });
    await expect(refresher.accessToken(await stored())).rejects.toMatchObject({
      code: 'auth.required',
    });
    expect(await sessions.find(idHash)).toBeUndefined();
  });

  it('refreshes a short-lived token well before it expires, but not at once', () => {
    const now = Date.now();
    const living = (ms: number) => ({ ...tokensFor('x'), accessExpiresAt: now + ms });
    expect(refreshTimeOf(living(600_000), now)).toBe(now + 540_000);
    expect(refreshTimeOf(living(10_000), now)).toBe(now + 8_000);
  });
});
