import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kahootXlsx } from '@questa/question-formats/testing/xlsx';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('importing a Kahoot quiz spreadsheet', () => {
  let qdb: TestQuestionDb;
  let clientId: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    qdb = await startTestQuestionDb();
    clientId = await qdb.createTenant('kahoot', { owner: 'owner' });
    headers = bearer(await qdb.issuer.sign({ sub: 'owner' }));
  });
  afterAll(() => qdb?.close());

  const newBank = (slug: string) => qdb.createBank(clientId, slug, headers);
  const importFile = (bankId: string, query: string, body: Uint8Array) =>
    qdb.app.inject({
      method: 'POST',
      url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/import?${query}`,
      headers: { ...headers, 'content-type': XLSX_TYPE },
      payload: Buffer.from(body),
    });
  const typesIn = async (bankId: string) => {
    const list = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/questions?bankId=${bankId}&limit=100`,
      headers,
    });
    expect(list.statusCode).toBe(200);
    return list
      .json<{ questions: { type: string; status: string }[] }>()
      .questions.map((q) => `${q.type}:${q.status}`)
      .sort();
  };

  const quiz = kahootXlsx([
    ['What is the capital of France?', 'Lyon', 'Paris', 'Nice', 'Lille', 20, 2],
    ['Which are primes?', '2', '4', '5', '9', 30, '1,3'],
    ['The Nile flows north.', 'True', 'False', undefined, undefined, 10, 1],
  ]);

  it('checks the spreadsheet, then imports its rows as draft questions', async () => {
    const bankId = await newBank('kahoot-quiz');
    const dry = await importFile(bankId, 'format=kahoot_xlsx&dryRun=true', quiz);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      total: 3,
      valid: 3,
      imported: 0,
      errors: [],
      warnings: [{ message: 'Time limits are not kept: Questa questions have no time limit' }],
    });
    expect(await typesIn(bankId)).toEqual([]);

    const real = await importFile(bankId, 'format=kahoot_xlsx', quiz);
    expect(real.statusCode).toBe(200);
    expect(real.json()).toMatchObject({ total: 3, valid: 3, imported: 3 });
    expect(await typesIn(bankId)).toEqual([
      'multiple_response:draft',
      'single_choice:draft',
      'true_false:draft',
    ]);
  });

  it('refuses a spreadsheet with a row that has no correct answer, naming the row', async () => {
    const bankId = await newBank('kahoot-broken');
    const broken = kahootXlsx([
      ['Fine', 'a', 'b', undefined, undefined, 20, 1],
      ['No answer marked', 'a', 'b', undefined, undefined, 20, undefined],
    ]);
    const refused = await importFile(bankId, 'format=kahoot_xlsx', broken);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'import.invalid',
      lines: [
        { line: 2, message: expect.stringContaining('Question 2 (row 10): no correct answer') },
      ],
    });
    expect(await typesIn(bankId)).toEqual([]);

    const partial = await importFile(bankId, 'format=kahoot_xlsx&mode=valid_only', broken);
    expect(partial.json()).toMatchObject({ total: 2, imported: 1 });
  });

  it('answers a file that is no workbook with one clear problem', async () => {
    const bankId = await newBank('kahoot-not-xlsx');
    const response = await importFile(
      bankId,
      'format=kahoot_xlsx',
      new TextEncoder().encode('Question,Answer 1'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'import.invalid',
      lines: [{ message: 'The file is not an Excel workbook (.xlsx)' }],
    });
  });

  it('does not export as a Kahoot spreadsheet: the format is import-only', async () => {
    const bankId = await newBank('kahoot-export');
    const response = await qdb.app.inject({
      url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/export?format=kahoot_xlsx&status=all`,
      headers,
    });
    expect(response.statusCode).toBe(400);
  });
});
