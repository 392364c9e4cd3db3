import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionContent } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { mp3WithId3 } from '../media/test-media';

const recording = mp3WithId3();
const hash = createHash('sha256').update(recording).digest('hex');

const moodle = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="truefalse">
    <name><text>Greeting</text></name>
    <questiontext format="html">
      <text><![CDATA[<p><a href="@@PLUGINFILE@@/bonjour.mp3">A man says bonjour</a></p><p>Is this French?</p>]]></text>
      <file name="bonjour.mp3" path="/" encoding="base64">${recording.toString('base64')}</file>
    </questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>`;

describe('importing and exporting audio', () => {
  let qdb: TestQuestionDb;
  let clientId: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    qdb = await startTestQuestionDb();
    clientId = await qdb.createTenant('listening', { owner: 'owner' });
    headers = bearer(await qdb.issuer.sign({ sub: 'owner' }));
  });
  afterAll(() => qdb?.close());

  it('stores a Moodle file’s embedded recording as media, and exports it back as a file', async () => {
    const bankId = await qdb.createBank(clientId, 'greetings', headers);
    const imported = await qdb.app.inject({
      method: 'POST',
      url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/import?format=moodle_xml`,
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: Buffer.from(moodle),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 1, errors: [], warnings: [] });

    const list = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/questions?bankId=${bankId}`,
      headers,
    });
    const [{ id }] = list.json<{ questions: { id: string }[] }>().questions as [{ id: string }];
    const detail = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/questions/${id}`,
      headers,
    });
    const content = detail.json<{ current: { content: QuestionContent } }>().current.content;
    expect(content.stem).toBe(`![A man says bonjour](media:${hash}#audio)\n\nIs this French?`);
    expect(content.media).toEqual([hash]);

    const served = await qdb.app.inject(`/cdn/media/${hash}`);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.rawPayload.equals(recording)).toBe(true);

    const exported = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/export?format=moodle_xml&status=all`,
      headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(`[A man says bonjour](@@PLUGINFILE@@/${hash}.mp3)`);
    expect(exported.body).toContain(
      `<file name="${hash}.mp3" path="/" encoding="base64">${recording.toString('base64')}</file>`,
    );
  });
});
