import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaInfo } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { sampleQuestions } from '../questions/sample-questions';
import { MEDIA_LIMITS } from '@questa/contracts';
import { gif, jpeg, png, webpLossless } from './test-images';

const API = '/qdb/api/v1';

describe('media uploads', () => {
  let t: TestQuestionDb;
  let acme: string;
  const headers: Record<string, { authorization: string }> = {};

  const upload = (body: Buffer | string, contentType: string, who = 'ada', extra = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/media`,
      headers: { ...headers[who], 'content-type': contentType, ...extra },
      payload: body,
    });
  const stored = async (body: Buffer | string, contentType: string) => {
    const response = await upload(body, contentType);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MediaInfo>();
  };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { ada: 'author', vera: 'viewer' });
    await t.createTenant('globex', { gus: 'owner' });
    for (const sub of ['ada', 'vera', 'gus']) headers[sub] = bearer(await t.issuer.sign({ sub }));
  });
  afterAll(() => t?.close());

  it('judges a file by its content, not by its declared type or name', async () => {
    const bytes = png(40, 30);
    const info = await stored(bytes, 'image/svg+xml');
    expect(info).toEqual({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      contentType: 'image/png',
      bytes: bytes.length,
      width: 40,
      height: 30,
      reference: `media:${info.sha256}`,
    });
    const named = await upload(bytes, 'application/octet-stream', 'ada', {
      'content-disposition': 'attachment; filename="drawing.svg"',
    });
    expect(named.json()).toMatchObject({ contentType: 'image/png', sha256: info.sha256 });
    const served = await t.app.inject(`/cdn/media/${info.sha256}`);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('reads the dimensions of JPEG, GIF and WebP', async () => {
    expect(await stored(jpeg(800, 600), 'image/jpeg')).toMatchObject({
      contentType: 'image/jpeg',
      width: 800,
      height: 600,
    });
    expect(await stored(gif(16, 9), 'image/gif')).toMatchObject({ width: 16, height: 9 });
    expect(await stored(webpLossless(300, 200), 'image/webp')).toMatchObject({
      contentType: 'image/webp',
      width: 300,
      height: 200,
    });
  });

  it('stores a sanitised SVG under the hash of what it stored', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 48" onload="alert(1)">' +
      '<script>alert(2)</script><foreignObject><div>html</div></foreignObject>' +
      '<image xlink:href="http://evil.example/x.png"/><circle r="5" onclick="alert(3)"/></svg>';
    const info = await stored(svg, 'image/svg+xml');
    expect(info).toMatchObject({ contentType: 'image/svg+xml', width: 64, height: 48 });
    const served = await t.app.inject(`/cdn/media/${info.sha256}`);
    expect(served.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48"><image/><circle r="5"/></svg>',
    );
    expect(createHash('sha256').update(served.body).digest('hex')).toBe(info.sha256);
    expect(info.bytes).toBe(Buffer.byteLength(served.body));
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses an SVG whose DOCTYPE declares entities (XXE)', async () => {
    const response = await upload(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg><text>&xxe;</text></svg>',
      'image/svg+xml',
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'upload.type' });
  });

  it('refuses anything that is not an accepted image, sound or film with 415', async () => {
    for (const [body, type] of [
      ['just some notes', 'text/plain'],
      ['{"image": true}', 'application/json'],
      ['<html><body>hi</body></html>', 'image/png'],
      [Buffer.from('%PDF-1.7\n'), 'application/pdf'],
      [png(1, 1).subarray(0, 12), 'image/png'],
      ['', 'image/png'],
    ] as const) {
      const response = await upload(body, type);
      expect(response.statusCode, `${type}: ${String(body).slice(0, 20)}`).toBe(415);
      expect(response.json()).toMatchObject({ code: 'upload.type', status: 415 });
    }
  });

  it('accepts a 5 MB image and refuses a byte more with 413', async () => {
    const header = png(2, 2);
    const limit = Buffer.concat([
      header,
      Buffer.alloc(MEDIA_LIMITS.image.maxBytes - header.length),
    ]);
    expect((await upload(limit, 'image/png')).statusCode).toBe(201);
    const over = await upload(Buffer.concat([limit, Buffer.from([0])]), 'image/png');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'upload.too_large' });
  });

  it('lets only writers upload, and only to their own tenant', async () => {
    expect((await upload(png(1, 1), 'image/png', 'vera')).statusCode).toBe(403);
    expect((await upload(png(1, 1), 'image/png', 'gus')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/media`,
      headers: { 'content-type': 'image/png' },
      payload: png(1, 1),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets questions refer to the tenant’s uploads', async () => {
    const info = await stored(png(8, 8), 'image/png');
    const bank = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks`,
      headers: headers.ada,
      payload: { slug: 'pictures', title: 'Pictures' },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bank.json<{ id: string }>().id}/questions`,
      headers: headers.ada,
      payload: {
        content: {
          ...sampleQuestions.true_false,
          stem: `Is this square? ![a square](${info.reference})`,
          media: [info.sha256],
        },
      },
    });
    expect(created.statusCode).toBe(201);
  });
});
