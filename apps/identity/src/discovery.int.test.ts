import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { buildApp, IDENTITY_SCHEMA, identityMigrations } from './app';

describe('embedded identity provider', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const issuer = 'http://localhost:8080/idp';

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, IDENTITY_SCHEMA, identityMigrations);
    app = await buildApp({ database: test.database, issuer });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('serves its discovery document under the mount path', async () => {
    const response = await app.inject({
      url: '/idp/.well-known/openid-configuration',
      headers: { host: 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    const document = response.json<Record<string, unknown>>();
    expect(document.issuer).toBe(issuer);
    expect(document.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(document.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('publishes only public signing keys, and keeps them across restarts', async () => {
    const first = (await app.inject('/idp/jwks')).json<{ keys: Record<string, unknown>[] }>();
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).not.toHaveProperty('d');
    const again = await buildApp({ database: test.database, issuer });
    const second = (await again.inject('/idp/jwks')).json<{ keys: { kid: string }[] }>();
    expect(second.keys[0]!.kid).toBe(first.keys[0]!.kid);
    await again.close();
  });
});
