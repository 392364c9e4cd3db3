import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webClient } from './web-client';

describe('the web client behind the gateway', () => {
  let distDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'questa-web-client-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(distDir, 'live.html'), '<!doctype html><title>player</title>');
    await writeFile(
      path.join(distDir, 'index.html.gz'),
      gzipSync('<!doctype html><title>app</title>'),
    );
    await writeFile(path.join(distDir, 'assets', 'live-abc.js'), 'export {};');
    app = Fastify({ logger: false });
    await app.register(webClient, { distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type'], url).toContain('text/html');
    expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
    return response.body.includes('player') ? 'player' : 'app';
  };

  it("serves the player's own page at /live and at a room's link", async () => {
    for (const url of ['/live', '/live/', '/live/123456', '/live/123456?from=qr', '/live/12%203']) {
      expect(await page(url), url).toBe('player');
    }
  });

  it('serves the app everywhere else, for its router to take over', async () => {
    for (const url of ['/', '/banks/abc', '/host/123', '/lively', '/live/123456/more', '/x/live']) {
      expect(await page(url), url).toBe('app');
    }
  });

  it('serves the pages at their addresses only, and assets as files', async () => {
    expect(await page('/live.html')).toBe('app');
    const asset = await app.inject({ method: 'GET', url: '/assets/live-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends a page compressed when the build wrote a copy the browser accepts', async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: '/banks/abc',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(compressed.rawPayload).toString()).toContain('<title>app</title>');
    const plain = await app.inject({
      method: 'GET',
      url: '/live/123456',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('player');
  });
});
