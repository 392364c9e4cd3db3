import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { redactUrl } from './log-redaction';
import { createRootServer } from './root-server';

/** Secrets as they travel in Questa's URLs and headers, each unique so a leak is easy to find. */
const secrets = {
  code: 'AuthCode-9f8e7d6c5b4a',
  state: 'StateValue-1a2b3c4d',
  confirmToken: 'ConfirmToken-0123456789abcdef',
  resetToken: 'ResetToken-fedcba9876543210',
  interaction: 'Uid7Hq2Xk9LmN3pR5sT8v',
  checkout: 'cs_test_a1B2c3D4e5F6g7H8i9J0',
  portal: 'bps_Z9y8X7w6V5u4',
  idTokenHint: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
  sessionCookie: 'questa_session=SessionCookie-77aa88bb',
  bearer: 'Bearer AccessToken-5566ccdd',
};

/** Each URL as a browser or the payment partner really sends it in the one-process server. */
const urls = [
  `/api/auth/callback?code=${secrets.code}&state=${secrets.state}&iss=http%3A%2F%2Flocalhost%2Fidp`,
  `/idp/verify?token=${secrets.confirmToken}`,
  `/idp/reset/password?token=${secrets.resetToken}&lang=fr`,
  `/idp/interaction/${secrets.interaction}`,
  `/idp/interaction/${secrets.interaction}/login`,
  `/idp/auth/${secrets.interaction}`,
  `/idp/session/end?id_token_hint=${secrets.idTokenHint}`,
  `/sandbox-pay/checkout/${secrets.checkout}`,
  `/v1/checkout/sessions/${secrets.checkout}/line_items`,
  `/billing?checkout=success&session_id=${secrets.checkout}`,
  `/sandbox-pay/portal/${secrets.portal}`,
];

describe('log lines keep no secret, at every level', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it.each(['trace', 'debug', 'info', 'warn', 'error'] as const)(
    'at %s: codes, tokens, cookies and checkout sessions never appear',
    async (level) => {
      const lines: string[] = [];
      app = createRootServer({
        logLevel: level,
        logRequests: true,
        logStream: { write: (line) => lines.push(line) },
      });
      // A route that logs what a careless debugging line or a library's error might: the whole
      // request and its headers, at every level the service is set to.
      app.get('/api/echo', (request) => {
        for (const at of ['trace', 'debug', 'info', 'warn', 'error'] as const) {
          request.log[at]({ req: request, headers: request.headers }, 'echo');
        }
        return 'ok';
      });
      for (const url of urls) {
        await app.inject({ url, headers: { cookie: secrets.sessionCookie } });
      }
      await app.inject({
        url: `/api/echo?code=${secrets.code}`,
        headers: { cookie: secrets.sessionCookie, authorization: secrets.bearer },
      });

      const log = lines.join('');
      for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
      for (const part of ['SessionCookie', 'AccessToken', 'AuthCode', 'cs_test_a1']) {
        expect(log).not.toContain(part);
      }
      if (level === 'debug' || level === 'trace') {
        // Still one readable line per request: what was asked for, without what opens it.
        expect(log).toContain('GET /api/auth/callback?code=[redacted]&state=[redacted]&iss=');
        expect(log).toContain('GET /idp/interaction/[redacted]/login');
        expect(log).toContain('GET /sandbox-pay/checkout/cs_[redacted]');
        expect(log).toContain('GET /idp/reset/password?token=[redacted]&lang=fr');
      }
      if (level !== 'error') expect(log).toContain('"url":"/api/echo?code=[redacted]"');
    },
  );

  it('leaves URLs that carry no secret as they are', () => {
    for (const url of ['/api/auth/login', '/api/auth/callback', '/api/exams?limit=20&cursor=abc']) {
      expect(redactUrl(url)).toBe(url);
    }
    expect(redactUrl('/api/progress?ACCESS_TOKEN=x')).toBe('/api/progress?ACCESS_TOKEN=[redacted]');
  });
});
