import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpProblem } from '@questa/http-kit';
import { discoverProvider } from './oidc-client';
import { createClientCredentialsTokenSource } from './service-token';

const AUDIENCE = 'urn:questa:question-db';
const CLIENT = { clientId: 'questa-web', clientSecret: 'a-client-secret-for-these-tests' };

/**
 * A token endpoint that counts what it is asked, answers after `delayMs`, and fails while told
 * to: enough to see when the source goes to the provider. The real provider is in the gateway's
 * catalog-draw test.
 */
function fakeProvider() {
  const state = {
    requests: [] as URLSearchParams[],
    authorizations: [] as string[],
    expiresIn: 600 as number | undefined,
    delayMs: 0,
    failing: false,
  };
  let issuer = '';
  const body = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return new URLSearchParams(text);
  };
  const server: Server = createServer((request, response) => {
    const json = (status: number, document: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(document));
    };
    if (request.url === '/.well-known/openid-configuration') {
      return json(200, { issuer, token_endpoint: `${issuer}/token` });
    }
    void body(request).then(async (form) => {
      state.requests.push(form);
      state.authorizations.push(request.headers.authorization ?? '');
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.failing) return json(503, { error: 'temporarily_unavailable' });
      json(200, {
        access_token: `token-${state.requests.length}`,
        token_type: 'Bearer',
        ...(state.expiresIn === undefined ? {} : { expires_in: state.expiresIn }),
      });
    });
  });
  return {
    state,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return issuer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('client-credentials token source', () => {
  const provider = fakeProvider();
  let issuer: string;
  const newSource = () =>
    createClientCredentialsTokenSource({
      configuration: discoverProvider({ issuer, ...CLIENT }),
      audience: AUDIENCE,
    });

  beforeAll(async () => {
    issuer = await provider.start();
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.assign(provider.state, {
      requests: [],
      authorizations: [],
      expiresIn: 600,
      delayMs: 0,
      failing: false,
    });
  });
  afterAll(() => provider.close());

  it('asks for a token for the question database as the main API’s client', async () => {
    expect(await newSource().token()).toBe('token-1');
    const [form] = provider.state.requests;
    expect(Object.fromEntries(form!)).toEqual({
      grant_type: 'client_credentials',
      resource: AUDIENCE,
    });
    // RFC 6749 §2.3.1: both halves of the Basic credentials are form-encoded first.
    const basic = Buffer.from(provider.state.authorizations[0]!.replace(/^Basic /, ''), 'base64');
    expect(basic.toString().split(':').map(decodeURIComponent)).toEqual([
      CLIENT.clientId,
      CLIENT.clientSecret,
    ]);
  });

  it('keeps a token until a minute before it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const source = newSource();
    expect(await source.token()).toBe('token-1');
    vi.advanceTimersByTime(8 * 60_000);
    expect(await source.token()).toBe('token-1');
    vi.advanceTimersByTime(60_000 + 1);
    expect(await source.token()).toBe('token-2');
    expect(provider.state.requests).toHaveLength(2);
  });

  it('sends callers who arrive while a token is on its way the same one', async () => {
    provider.state.delayMs = 50;
    const source = newSource();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => source.token()));
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(provider.state.requests).toHaveLength(1);
  });

  it('does not keep a token whose lifetime it was not told', async () => {
    provider.state.expiresIn = undefined;
    const source = newSource();
    expect(await source.token()).toBe('token-1');
    expect(await source.token()).toBe('token-2');
  });

  it('answers unavailable while the provider fails, and recovers without remembering it', async () => {
    provider.state.failing = true;
    const source = newSource();
    const failure = await source.token().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpProblem);
    expect(failure).toMatchObject({ code: 'unavailable', extras: { retryAfter: 5 } });
    provider.state.failing = false;
    expect(await source.token()).toBe('token-2');
  });

  it('answers unavailable when the provider cannot be found at all', async () => {
    const source = createClientCredentialsTokenSource({
      configuration: discoverProvider({ issuer: 'http://127.0.0.1:9', ...CLIENT }),
      audience: AUDIENCE,
    });
    await expect(source.token()).rejects.toMatchObject({ code: 'unavailable' });
  });
});
