import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { identityDb } from './identity-db';
import { createAccountRepository } from './modules/accounts/account.repository';
import { hashPassword } from './modules/accounts/password';
import { formFor } from './testing/browser';
import {
  CLIENT,
  ISSUER,
  buildApp,
  exchangeCode,
  memoryMail,
  migrateIdentity,
  newBrowser,
  signInThroughPages,
  testDeps,
  type TokenResponse,
} from './testing/identity-fixture';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const PASSWORD = 'the password I had before';

/**
 * The embedded provider tells its clients when every sign-in of an account is over, with the
 * standard logout tokens any OpenID Connect client can check, so the main API ends its own
 * sessions at once instead of at the next token refresh.
 */
describe('back-channel logout from the embedded provider', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let client: Server;
  let answerWith = 200;
  const mail = memoryMail();
  const received: string[] = [];

  beforeAll(async () => {
    client = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const token = new URLSearchParams(body).get('logout_token');
        if (request.method === 'POST' && token) received.push(token);
        response.statusCode = answerWith;
        response.end();
      });
    });
    await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
    const logoutUri = `http://127.0.0.1:${(client.address() as AddressInfo).port}/backchannel`;
    test = await createTestDatabase();
    await migrateIdentity(test.database);
    app = await buildApp(
      testDeps(test.database, {
        mail,
        // The first retry waits five seconds; the test asks every fifth of a second whether one is due.
        backChannelRetryIntervalMs: 200,
        clients: [
          {
            ...CLIENT,
            backchannel_logout_uri: logoutUri,
            backchannel_logout_session_required: true,
          },
        ],
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    client?.close();
    await test?.dispose();
  });
  beforeEach(() => {
    received.length = 0;
    answerWith = 200;
  });

  const createAccount = async (email: string) =>
    (await createAccountRepository(identityDb(test.database)).create({
      email,
      displayName: email,
      passwordHash: await hashPassword(PASSWORD),
      verified: true,
    }))!;

  /** The one logout token the client received, checked as a client must check it. */
  async function receivedLogoutToken() {
    expect(received).toHaveLength(1);
    const token = received[0]!;
    const keys = (await app.inject('/idp/jwks')).json<JSONWebKeySet>();
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
      issuer: ISSUER,
      audience: CLIENT.client_id,
      requiredClaims: ['iat', 'jti'],
      maxTokenAge: '1 minute',
    });
    expect(decodeProtectedHeader(token).typ).toBe('logout+jwt');
    expect(payload.events).toEqual({ [LOGOUT_EVENT]: {} });
    expect(payload).not.toHaveProperty('nonce');
    return payload;
  }

  async function changePassword(email: string) {
    const browser = newBrowser(app);
    const page = await browser.get(`${ISSUER}/password?login_hint=${email}`);
    return browser.submit(formFor(page.body, '/password'), {
      currentPassword: PASSWORD,
      password: 'the password I have now',
    });
  }

  it('names the provider session in ID tokens, so a sign-out ends only that one', async () => {
    await createAccount('ida@example.test');
    const browser = newBrowser(app);
    const { code, verifier } = await signInThroughPages(browser, {
      email: 'ida@example.test',
      password: PASSWORD,
    });
    const tokens = (await exchangeCode(app, code, verifier)).json<TokenResponse>();
    const claims = JSON.parse(Buffer.from(tokens.id_token!.split('.')[1]!, 'base64url').toString());
    expect(typeof claims.sid).toBe('string');
  });

  it('sends a logout token for the subject, and no session, when the password changes', async () => {
    const id = await createAccount('cora@example.test');
    const changed = await changePassword('cora@example.test');
    expect(changed.statusCode).toBe(200);
    const payload = await receivedLogoutToken();
    expect(payload.sub).toBe(id);
    expect(payload).not.toHaveProperty('sid');
  });

  it('sends one when a password is reset through the mailed link', async () => {
    const id = await createAccount('rex@example.test');
    const browser = newBrowser(app);
    const request = await browser.get(`${ISSUER}/reset`);
    await browser.submit(formFor(request.body, '/reset'), { email: 'rex@example.test' });
    const link = /https?:\/\/\S+/.exec(
      mail.sent.filter((m) => m.to === 'rex@example.test').at(-1)!.text,
    )![0];
    const form = await browser.get(link);
    const changed = await browser.submit(formFor(form.body, '/reset/password'), {
      password: 'a brand new password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await receivedLogoutToken()).sub).toBe(id);
  });

  it('still changes the password when the client is down, and tells it once it answers again', async () => {
    const id = await createAccount('dee@example.test');
    answerWith = 503;
    const changed = await changePassword('dee@example.test');
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Your password is changed');
    expect(received.length).toBeGreaterThanOrEqual(1);

    // Back up: the next retry gets through, and then no more are sent.
    received.length = 0;
    answerWith = 200;
    const deadline = Date.now() + 30_000;
    while (received.length === 0) {
      if (Date.now() > deadline) throw new Error('the client was never told again');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await receivedLogoutToken()).sub).toBe(id);
    const left = await identityDb(test.database)
      .selectFrom('back_channel_logouts')
      .select('id')
      .execute();
    expect(left).toEqual([]);
  });
});
