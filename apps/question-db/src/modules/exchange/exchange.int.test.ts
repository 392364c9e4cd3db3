import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import type { QuestionContent } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';

const gift = `// A small quiz
$CATEGORY: Geography

::capital::What is the capital of France? {=Paris ~Lyon ~Marseille}

::true-false::The Nile flows into the Mediterranean. {T}

::numeric::How many continents are there? {#7:0}
`;

const broken = `::one::What is 2+2? {=4 ~5}

::two::Pick the broken one {=a ~b

::three::Which is right? {~x ~y}
`;

describe('import and export', () => {
  let qdb: TestQuestionDb;
  let clientId: string;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;

  beforeAll(async () => {
    qdb = await startTestQuestionDb();
    // Many banks and a file of 10,000 questions: more than a free workspace holds.
    clientId = await qdb.createTenant(
      'exchange',
      { owner: 'owner' },
      { limits: { banks: 1000, questions: 100_000 } },
    );
    await qdb.createTenant('elsewhere', { stranger: 'owner' });
    headers = bearer(await qdb.issuer.sign({ sub: 'owner' }));
    otherHeaders = bearer(await qdb.issuer.sign({ sub: 'stranger' }));
  });
  afterAll(() => qdb?.close());

  const newBank = (slug: string) => qdb.createBank(clientId, slug, headers);
  const importFile = (bankId: string, query: string, body: string | Uint8Array, as = headers) =>
    qdb.app.inject({
      method: 'POST',
      url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/import?${query}`,
      headers: { ...as, 'content-type': 'text/plain' },
      payload: Buffer.from(body),
    });
  const contentsOf = async (bankId: string) => {
    const list = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/questions?bankId=${bankId}&limit=100`,
      headers,
    });
    const contents: QuestionContent[] = [];
    for (const { id } of list.json<{ questions: { id: string }[] }>().questions) {
      const detail = await qdb.app.inject({
        url: `/qdb/api/v1/clients/${clientId}/questions/${id}`,
        headers,
      });
      contents.push(detail.json<{ current: { content: QuestionContent } }>().current.content);
    }
    return contents.sort((a, b) => a.stem.localeCompare(b.stem));
  };

  it('previews a GIFT file without writing, then imports it as drafts', async () => {
    const bankId = await newBank('gift-import');
    const dry = await importFile(bankId, 'format=gift&dryRun=true', gift);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ total: 3, valid: 3, imported: 0, errors: [] });
    expect(dry.json<{ preview: unknown[] }>().preview).toHaveLength(3);
    expect(await contentsOf(bankId)).toEqual([]);

    const real = await importFile(bankId, 'format=gift', gift);
    expect(real.json()).toMatchObject({ total: 3, imported: 3 });
    const contents = await contentsOf(bankId);
    expect(contents.map((c) => c.type).sort()).toEqual(['numeric', 'single_choice', 'true_false']);
    expect(contents.every((c) => c.topic === 'Geography')).toBe(true);
  });

  it('imports an Aiken file as single-choice drafts; Aiken is import-only', async () => {
    const bankId = await newBank('aiken-import');
    const aiken =
      'The Moodle project was started by:\nA) Petr Skoda\nB) Martin Dougiamas\nANSWER: B\n';
    const real = await importFile(bankId, 'format=aiken', aiken);
    expect(real.statusCode).toBe(200);
    expect(real.json()).toMatchObject({ total: 1, imported: 1, errors: [] });
    expect(await contentsOf(bankId)).toMatchObject([
      {
        type: 'single_choice',
        options: [
          { text: 'Petr Skoda', correct: false },
          { text: 'Martin Dougiamas', correct: true },
        ],
      },
    ]);
    const exported = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/export?format=aiken&status=all`,
      headers,
    });
    expect(exported.statusCode).toBe(400);
  });

  it('refuses a file with errors as a whole, naming the lines, or imports only the valid items', async () => {
    const bankId = await newBank('broken-import');
    const refused = await importFile(bankId, 'format=gift&mode=all_or_nothing', broken);
    expect(refused.statusCode).toBe(422);
    const problem = refused.json<{ code: string; lines: { line: number; message: string }[] }>();
    expect(problem.code).toBe('import.invalid');
    expect(problem.lines.length).toBeGreaterThan(0);
    expect(problem.lines.every((line) => line.line > 0)).toBe(true);
    expect(await contentsOf(bankId)).toEqual([]);

    const partial = await importFile(bankId, 'format=gift&mode=valid_only', broken);
    expect(partial.statusCode).toBe(200);
    expect(partial.json<{ imported: number }>().imported).toBe(1);
    expect(await contentsOf(bankId)).toHaveLength(1);
  });

  it('exports a bank as a QTI package that imports into a new bank with the same content', async () => {
    const source = await newBank('qti-source');
    await importFile(source, 'format=gift', gift);
    const exported = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/banks/${source}/export?format=qti&status=all`,
      headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('zip');
    expect(exported.headers['content-disposition']).toContain('qti-source.zip');

    const target = await newBank('qti-target');
    const imported = await importFile(target, 'format=qti', exported.rawPayload);
    expect(imported.json()).toMatchObject({ total: 3, imported: 3, errors: [] });
    expect(await contentsOf(target)).toEqual(await contentsOf(source));
  });

  it('answers an export that would be empty with a problem, not an empty file', async () => {
    const bankId = await newBank('drafts-only');
    await importFile(bankId, 'format=gift', gift);
    const exportOf = (status: string) =>
      qdb.app.inject({
        url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/export?format=gift&status=${status}`,
        headers,
      });
    const published = await exportOf('published');
    expect(published.statusCode).toBe(422);
    expect(published.json()).toMatchObject({ code: 'export.empty' });
    expect(published.json<{ detail: string }>().detail).toMatch(/no published question/);

    const all = await exportOf('all');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toContain('drafts-only.gift');
    expect(all.body).toContain('capital of France');

    const empty = await newBank('nothing-yet');
    const none = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/banks/${empty}/export?format=gift&status=all`,
      headers,
    });
    expect(none.json()).toMatchObject({ code: 'export.empty' });
  });

  it('refuses a QTI package that reaches outside itself', async () => {
    const bankId = await newBank('qti-traversal');
    const zip = zipSync({
      'imsmanifest.xml': new TextEncoder().encode('<manifest/>'),
      '../evil.txt': new Uint8Array([1]),
    });
    const response = await importFile(bankId, 'format=qti', zip);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toMatch(/path|outside|\.\./i);
  });

  it('refuses a Moodle XML file that declares an external entity with 422, naming it', async () => {
    const bankId = await newBank('moodle-xxe');
    const xml = `<?xml version="1.0"?>
<!DOCTYPE quiz [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<quiz><question type="essay"><questiontext><text>&secret;</text></questiontext></question></quiz>`;
    const response = await importFile(bankId, 'format=moodle_xml', xml);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'import.invalid',
      lines: [{ line: 2, message: expect.stringContaining('external entity "secret"') }],
    });
  });

  it('reads a GIFT file in Windows-1252 with a warning, and refuses more than 10,000 questions', async () => {
    const bankId = await newBank('bad-files');
    const latin1 = Buffer.from('::q::Caf\xe9? {T}', 'latin1');
    const read = await importFile(bankId, 'format=gift&dryRun=true', latin1);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      valid: 1,
      preview: [{ stem: 'Café?' }],
      warnings: [{ message: expect.stringContaining('Windows-1252') }],
    });
    const many = Array.from({ length: 10_001 }, (_, i) => `::q${i}::Is ${i} a number? {T}`).join(
      '\n\n',
    );
    const response = await importFile(bankId, 'format=gift', many);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('10');
  });

  it('answers another tenant’s member with 404 on import and export', async () => {
    const bankId = await newBank('private-exchange');
    const imported = await importFile(bankId, 'format=gift', gift, otherHeaders);
    expect(imported.statusCode).toBe(404);
    const exported = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/export?format=gift`,
      headers: otherHeaders,
    });
    expect(exported.statusCode).toBe(404);
  });
});
