import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { buildApp } from './app';
import {
  AUDIENCE,
  CLIENT,
  ISSUER,
  migrateIdentity,
  testDeps,
  tokenRequest,
  type TokenResponse,
} from './testing/identity-fixture';

/**
 * The main API draws catalog questions for learners as itself, with the client-credentials grant.
 * The question database tells such a token from a person's by its claims, so they are pinned here.
 */
describe('client credentials grant', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let jwks: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    app = await buildApp(
      testDeps(test.database, {
        clients: [
          {
            ...CLIENT,
            grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
          },
        ],
      }),
    );
    jwks = createLocalJWKSet((await app.inject('/idp/jwks')).json<JSONWebKeySet>());
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('issues an ES256 JWT for the question database, valid ten minutes, naming the client as its subject', async () => {
    const response = await tokenRequest(app, {
      grant_type: 'client_credentials',
      resource: AUDIENCE,
    });
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json<TokenResponse>();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(600);
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.id_token).toBeUndefined();

    const access = await jwtVerify(tokens.access_token, jwks, {
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    expect(access.protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(access.payload.exp! - access.payload.iat!).toBe(600);
    // RFC 9068: with no resource owner, `sub` names the client. No person means no roles claim.
    expect(access.payload).toMatchObject({ sub: CLIENT.client_id, client_id: CLIENT.client_id });
    expect(Object.keys(access.payload).sort()).toEqual([
      'aud',
      'client_id',
      'exp',
      'iat',
      'iss',
      'jti',
      'sub',
    ]);
  });

  it('issues the same token shape when no resource is named', async () => {
    const response = await tokenRequest(app, { grant_type: 'client_credentials' });
    expect(response.statusCode, response.body).toBe(200);
    const claims = decodeJwt(response.json<TokenResponse>().access_token);
    expect(claims).toMatchObject({ aud: AUDIENCE, sub: CLIENT.client_id });
  });

  it('refuses another resource, a wrong secret, and a client not registered for the grant', async () => {
    const otherResource = await tokenRequest(app, {
      grant_type: 'client_credentials',
      resource: 'urn:example:elsewhere',
    });
    expect(otherResource.json()).toMatchObject({ error: 'invalid_target' });

    const wrongSecret = await app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: {
        host: new URL(ISSUER).host,
        authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:not-the-secret`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });

    const plain = await buildApp(testDeps(test.database));
    try {
      const refused = await tokenRequest(plain, {
        grant_type: 'client_credentials',
        resource: AUDIENCE,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error_description: 'requested grant type is not allowed for this client',
      });
    } finally {
      await plain.close();
    }
  });
});
