import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRootServer } from './root-server';

describe('Strict-Transport-Security', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  const serve = async (hsts?: { maxAgeSeconds: number }) => {
    app = createRootServer({ logLevel: 'silent', hsts });
    app.get('/page', () => 'a page');
    return app.inject('/page');
  };

  it('is sent on every response when browsers reach the process over HTTPS', async () => {
    const response = await serve({ maxAgeSeconds: 31_536_000 });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('is not sent over plain HTTP, where browsers would ignore it', async () => {
    const response = await serve(undefined);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
