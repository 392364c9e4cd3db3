import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassageDetail } from '@questa/contracts';
import { parseQuestions } from '@questa/question-formats';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';

const API = '/qdb/api/v1';

const GIFT = `$CATEGORY: Rivers

::The Nile::[markdown]The Aswan High Dam holds back **Lake Nasser**.

::n1::The dam holds back Lake Nasser.{T}

::n2::The dam was finished in 1902.{F}

$CATEGORY: Rivers

::loose::The Rhine flows into the North Sea.{T}

A closing remark no question follows.
`;

describe('importing and exporting passages', () => {
  let t: TestQuestionDb;
  let clientId: string;
  let bankId: string;
  let as: { authorization: string };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    clientId = await t.createTenant('acme', { ada: 'author' });
    as = bearer(await t.issuer.sign({ sub: 'ada' }));
    bankId = await t.createBank(clientId, 'rivers', as);
  });
  afterAll(() => t?.close());

  it('imports a GIFT description as a passage of the questions after it, in file order', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${clientId}/banks/${bankId}/import?format=gift&mode=valid_only`,
      headers: { ...as, 'content-type': 'text/plain' },
      payload: Buffer.from(GIFT),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      imported: 3,
      warnings: [
        {
          line: 3,
          message:
            'Line 3: The description "The Nile" is imported as a passage leading questions 1–2 (each question after it, up to the next description or category)',
        },
        {
          line: 13,
          message:
            'Line 13: A description is followed by no imported question, so it is not imported as a passage',
        },
      ],
    });
    const list = await t.app.inject({
      url: `${API}/clients/${clientId}/banks/${bankId}/passages`,
      headers: as,
    });
    const [summary] = list.json<{ passages: { id: string; title: string }[] }>().passages;
    expect(summary).toMatchObject({ title: 'The Nile', questionCount: 2 });
    const passage = (
      await t.app.inject({ url: `${API}/clients/${clientId}/passages/${summary!.id}`, headers: as })
    ).json<PassageDetail>();
    expect(passage.content.body).toBe('The Aswan High Dam holds back **Lake Nasser**.');
    expect(passage.questions.map((q) => q.excerpt)).toEqual([
      'The dam holds back Lake Nasser.',
      'The dam was finished in 1902.',
    ]);
  });

  it.each(['gift', 'moodle_xml', 'qti'] as const)(
    'exports the passage before its group in %s, which reads back as the same group',
    async (format) => {
      const response = await t.app.inject({
        url: `${API}/clients/${clientId}/banks/${bankId}/export?format=${format}&status=all`,
        headers: as,
      });
      expect(response.statusCode).toBe(200);
      const read = parseQuestions(format, response.rawPayload);
      expect(read.passages?.map((p) => p.content.title)).toEqual(['The Nile']);
      const grouped = read.items.filter((item) => item.passage === 0).map((i) => i.content.stem);
      expect(grouped).toEqual(['The dam holds back Lake Nasser.', 'The dam was finished in 1902.']);
      expect(read.items).toHaveLength(3);
    },
  );
});
