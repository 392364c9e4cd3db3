import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createS3MediaStore } from './s3-media-store';
import { png } from './test-images';

const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

describe('media on S3-compatible storage', () => {
  let directory: string;
  let server: S3rver;
  let store: ReturnType<typeof createS3MediaStore>;
  let t: TestQuestionDb;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'questa-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'questa-media' }],
    });
    const { port } = await server.run();
    store = createS3MediaStore({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'questa-media',
      prefix: 'media/',
      // s3rver's fixed development credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    t = await startTestQuestionDb({ mediaStore: store });
  });
  afterAll(async () => {
    await t?.close();
    store?.destroy();
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('stores bytes under their hash, and knows when it has none', async () => {
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const hash = sha256(body);
    await store.put(hash, body, 'image/svg+xml');
    await store.put(hash, body, 'image/svg+xml');
    const stream = await store.open(hash);
    expect(await text(stream as Readable)).toBe(body.toString());
    expect(await store.open(sha256('never stored'))).toBeUndefined();
    const part = await store.open(hash, { start: 1, end: 4 });
    expect(await text(part as Readable)).toBe(body.subarray(1, 5).toString());
    await expect(store.put('../../etc/passwd', body)).rejects.toThrow(/sha256/);
  });

  it('serves an upload through the API and the CDN routes from the bucket', async () => {
    const acme = await t.createTenant('acme', { ada: 'author' });
    const bytes = png(12, 7);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/qdb/api/v1/clients/${acme}/media`,
      headers: { ...bearer(await t.issuer.sign({ sub: 'ada' })), 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ sha256: sha256(bytes), width: 12, height: 7 });
    const served = await t.app.inject(`/cdn/media/${sha256(bytes)}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });
});
