import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  createRemoteJWKSet,
  exportSPKI,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
} from 'jose';
import { buildApp } from '../../app';
import { bearer, startTestQuestionDb, TEST_AUDIENCE, type TestQuestionDb } from '../../testing';
import { createFileMediaStore } from '../media/media-store';
import { discoverIssuerKeys } from './issuer-keys';

const ME = '/qdb/api/v1/me/memberships';
const now = () => Math.floor(Date.now() / 1000);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function expectInvalidToken(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json()).toMatchObject({ code: 'auth.required', status: 401 });
}

describe('bearer authentication', () => {
  let t: TestQuestionDb;
  const call = (token: string, url = ME) => t.app.inject({ url, headers: bearer(token) });

  beforeAll(async () => {
    t = await startTestQuestionDb();
  });
  afterAll(() => t?.close());

  it('accepts a current access token from the issuer, fetching its keys over HTTP', async () => {
    const response = await call(await t.issuer.sign({ sub: 'alice' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ memberships: [] });
  });

  it('asks for credentials when there are none', async () => {
    const response = await t.app.inject(ME);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({ code: 'auth.required' });
  });

  it('refuses an unsigned token (alg none)', async () => {
    const payload = { sub: 'mallory', iss: t.issuer.issuer, aud: TEST_AUDIENCE, exp: now() + 600 };
    expectInvalidToken(await call(`${base64url({ alg: 'none' })}.${base64url(payload)}.`));
    expectInvalidToken(
      await call(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}`),
    );
  });

  it('refuses a token MACed with the public key as an HS256 secret', async () => {
    const publicKey = await importJWK(t.issuer.publicJwk, 'ES256', { extractable: true });
    const secrets = [
      new TextEncoder().encode(await exportSPKI(publicKey as CryptoKey)),
      new TextEncoder().encode(JSON.stringify(t.issuer.publicJwk)),
    ];
    for (const secret of secrets) {
      const token = await new SignJWT({ sub: 'mallory', roles: ['admin'] })
        .setProtectedHeader({ alg: 'HS256', kid: t.issuer.kid })
        .setIssuer(t.issuer.issuer)
        .setAudience(TEST_AUDIENCE)
        .setExpirationTime('5m')
        .sign(secret);
      expectInvalidToken(await call(token));
    }
  });

  it('refuses an expired token, and one not yet valid beyond a small clock tolerance', async () => {
    expectInvalidToken(
      await call(await t.issuer.sign({ sub: 'alice' }, { expiresAt: now() - 60 })),
    );
    expectInvalidToken(
      await call(await t.issuer.sign({ sub: 'alice' }, { notBefore: now() + 60 })),
    );
    const slightlyEarly = await t.issuer.sign({ sub: 'alice' }, { notBefore: now() + 5 });
    expect((await call(slightlyEarly)).statusCode).toBe(200);
  });

  it('refuses a token without an expiry or a subject', async () => {
    expectInvalidToken(await call(await t.issuer.sign({ sub: 'alice' }, { expiresAt: null })));
    expectInvalidToken(await call(await t.issuer.sign({})));
    expectInvalidToken(await call(await t.issuer.sign({ sub: '' })));
  });

  it('refuses a token from another issuer or for another audience', async () => {
    expectInvalidToken(
      await call(await t.issuer.sign({ sub: 'alice' }, { issuer: 'https://evil.example' })),
    );
    expectInvalidToken(
      await call(await t.issuer.sign({ sub: 'alice' }, { audience: 'questa-web' })),
    );
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, payload, signature] = (await t.issuer.sign({ sub: 'alice' })).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    const promoted = base64url({ ...claims, roles: ['admin'] });
    expectInvalidToken(await call(`${header}.${promoted}.${signature}`));
    const flipped = payload!.slice(0, 10) + (payload![10] === 'A' ? 'B' : 'A') + payload!.slice(11);
    expectInvalidToken(await call(`${header}.${flipped}.${signature}`));
  });

  it('refuses a token signed by a key the issuer never published', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expectInvalidToken(
      await call(await t.issuer.sign({ sub: 'alice' }, { key: privateKey, kid: 'stranger' })),
    );
    expectInvalidToken(await call(await t.issuer.sign({ sub: 'alice' }, { key: privateKey })));
  });

  it('refuses malformed headers and garbage tokens', async () => {
    for (const authorization of [
      'Basic YWxpY2U6cGFzc3dvcmQ=',
      'Bearer',
      'Bearer not a token',
      'Bearer abc.def.ghi',
      `Bearer ${'x'.repeat(50)}`,
    ]) {
      expectInvalidToken(await t.app.inject({ url: ME, headers: { authorization } }));
    }
  });

  it('takes global roles from the configured claim, keeping only known ones', async () => {
    const admin = await t.issuer.sign({ sub: 'root', roles: ['admin', 'superuser'] });
    expect((await call(admin, '/qdb/api/v1/clients')).statusCode).toBe(200);
    const pretender = await t.issuer.sign({ sub: 'eve', roles: ['superuser'], admin: true });
    const refused = await call(pretender, '/qdb/api/v1/clients');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.forbidden' });
  });

  it('ignores credentials on public routes, even invalid ones', async () => {
    const response = await call('garbage', '/qdb/api/v1/catalog/banks');
    expect(response.statusCode).toBe(200);
  });

  it('answers 503 when the issuer’s keys cannot be fetched, not 401', async () => {
    const unreachable = await buildApp({
      database: t.database.database,
      mediaStore: createFileMediaStore(tmpdir()),
      auth: { ...t.issuer.auth, jwks: createRemoteJWKSet(new URL('http://127.0.0.1:9/jwks')) },
    });
    const response = await unreachable.inject({
      url: ME,
      headers: bearer(await t.issuer.sign({ sub: 'alice' })),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'unavailable', retryAfter: 5 });
    await unreachable.close();
  });

  it('finds the keys through OpenID discovery, as the standalone process does', async () => {
    const discovering = await buildApp({
      database: t.database.database,
      mediaStore: createFileMediaStore(tmpdir()),
      auth: { ...t.issuer.auth, jwks: discoverIssuerKeys(t.issuer.issuer) },
    });
    const response = await discovering.inject({
      url: ME,
      headers: bearer(await t.issuer.sign({ sub: 'alice' })),
    });
    expect(response.statusCode).toBe(200);
    await discovering.close();
  });
});
