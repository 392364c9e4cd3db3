import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, UPLOAD_LIMITS, type MediaInfo } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { sampleQuestions } from '../questions/sample-questions';
import { png } from './test-images';
import { ebml, mp3WithId3, mp4, oggPage, opusHead, wav } from './test-media';

const API = '/qdb/api/v1';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('audio and video uploads, served with byte ranges', () => {
  let t: TestQuestionDb;
  let acme: string;
  let ada: { authorization: string };

  const upload = (body: Buffer, contentType = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/media`,
      headers: { ...ada, 'content-type': contentType },
      payload: body,
    });
  const stored = async (body: Buffer, contentType?: string) => {
    const response = await upload(body, contentType);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MediaInfo>();
  };
  const served = (hash: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/cdn/media/${hash}`, headers });

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { ada: 'author' });
    ada = bearer(await t.issuer.sign({ sub: 'ada' }));
  });
  afterAll(() => t?.close());

  it('stores each kind by what its bytes are, whatever the declared type', async () => {
    const samples = [
      [mp3WithId3(), 'audio/mpeg', 'audio'],
      [oggPage(opusHead), 'audio/ogg', 'audio'],
      [wav(), 'audio/wav', 'audio'],
      [mp4('M4A '), 'audio/mp4', 'audio'],
      [mp4('isom'), 'video/mp4', 'video'],
      [ebml('webm'), 'video/webm', 'video'],
    ] as const;
    for (const [bytes, contentType, kind] of samples) {
      const info = await stored(bytes, 'image/png');
      expect(info).toEqual({
        sha256: sha256(bytes),
        contentType,
        bytes: bytes.length,
        width: null,
        height: null,
        reference: `media:${sha256(bytes)}#${kind}`,
      });
      const response = await served(info.sha256);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a file that starts like audio or video but is broken, saying why', async () => {
    const response = await upload(mp4('isom').subarray(0, 20), 'video/mp4');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'upload.type',
      detail: expect.stringMatching(/starts like MP4/) as string,
    });
    const matroska = await upload(ebml('matroska'), 'video/webm');
    expect(matroska.json()).toMatchObject({ code: 'upload.type' });
  });

  it('holds each kind to its own size limit, and the route to the largest', async () => {
    const padded = (header: Buffer, total: number) =>
      Buffer.concat([header, Buffer.alloc(total - header.length)]);
    expect(UPLOAD_LIMITS.maxBytes).toBe(MEDIA_LIMITS.video.maxBytes);
    const sound = await upload(padded(wav(), MEDIA_LIMITS.audio.maxBytes + 1));
    expect(sound.statusCode).toBe(413);
    expect(sound.json()).toMatchObject({
      code: 'upload.too_large',
      detail: 'Audio files may be up to 10 MB.',
    });
    expect((await upload(padded(wav(), MEDIA_LIMITS.audio.maxBytes))).statusCode).toBe(201);
    expect((await upload(padded(mp4('isom'), MEDIA_LIMITS.video.maxBytes))).statusCode).toBe(201);
    const film = await upload(padded(mp4('isom'), MEDIA_LIMITS.video.maxBytes + 1));
    expect(film.statusCode).toBe(413);
    expect(film.json()).toMatchObject({ code: 'upload.too_large' });
  });

  it('answers byte ranges with 206, and a range past the end with 416', async () => {
    const bytes = wav(100);
    const { sha256: hash } = await stored(bytes);
    const whole = await served(hash);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    // Chromium will not play a sound opened on its own under a sandbox CSP; see cdn.routes.ts.
    expect(whole.headers['content-security-policy']).toBeUndefined();

    const part = await served(hash, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.headers['content-type']).toBe('audio/wav');
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);

    const tail = await served(hash, { range: 'bytes=-4' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(-4))).toBe(true);

    const past = await served(hash, { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(past.json()).toMatchObject({ code: 'media.range', status: 416 });

    // A validator that is not this file's asks for all of it.
    const stale = await served(hash, { range: 'bytes=0-1', 'if-range': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers ranges over a real HTTP connection, as a browser seeking in a clip asks', async () => {
    const bytes = wav(2000);
    const { sha256: hash } = await stored(bytes);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/cdn/media/${hash}`, {
      headers: { range: 'bytes=100-' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(
      `bytes 100-${bytes.length - 1}/${bytes.length}`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(100))).toBe(true);
    const unsatisfiable = await fetch(`${address}/cdn/media/${hash}`, {
      headers: { range: 'bytes=999999-' },
    });
    expect(unsatisfiable.status).toBe(416);
    await unsatisfiable.body?.cancel();
  });

  it('keeps images under the sandbox CSP, ranges included', async () => {
    const image = png(3, 3);
    const { sha256: hash } = await stored(image);
    const part = await served(hash, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-security-policy']).toContain('sandbox');
    expect(part.rawPayload.equals(image.subarray(0, 8))).toBe(true);
  });

  it('lets a question refer to a sound with its kind in the reference', async () => {
    const info = await stored(mp3WithId3());
    const bank = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks`,
      headers: ada,
      payload: { slug: 'listening', title: 'Listening' },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bank.json<{ id: string }>().id}/questions`,
      headers: ada,
      payload: {
        content: {
          ...sampleQuestions.true_false,
          stem: `Is the speaker happy? ![A man says good morning](${info.reference})`,
          media: [info.sha256],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});
