import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionContent, type PassageDetail } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createQuestionRepository } from '../questions/question.repository';
import { sampleQuestions } from '../questions/sample-questions';

const API = '/qdb/api/v1';

interface Drawn {
  questions: { questionId: string; passageId: string | null }[];
  passages: { id: string; version: number; content: { title: string; body: string } }[];
  shortfalls: unknown[];
}

describe('passages', () => {
  let t: TestQuestionDb;
  let acme: string;
  let other: string;
  let bankId: string;
  let secondBank: string;
  let author: { authorization: string };
  let reviewer: { authorization: string };
  let stranger: { authorization: string };
  let grouped: string[];
  let loose: string[];
  let elsewhere: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });

  const createPassage = async (title: string) => {
    const response = await call('POST', `/clients/${acme}/banks/${bankId}/passages`, author, {
      content: { title, body: `**${title}**: a passage with $x^2$.` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PassageDetail>();
  };
  const passageTitled = async (title: string) => {
    const list = await call('GET', `/clients/${acme}/banks/${bankId}/passages`, author);
    return list
      .json<{ passages: { id: string; title: string }[] }>()
      .passages.find((passage) => passage.title === title)!;
  };
  const attach = (passageId: string, questionId: string, headers = author) =>
    call('PUT', `/clients/${acme}/passages/${passageId}/questions/${questionId}`, headers);

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { ada: 'author', rey: 'reviewer' });
    other = await t.createTenant('other', { eve: 'owner' });
    author = bearer(await t.issuer.sign({ sub: 'ada' }));
    reviewer = bearer(await t.issuer.sign({ sub: 'rey' }));
    stranger = bearer(await t.issuer.sign({ sub: 'eve' }));
    bankId = await t.createBank(acme, 'reading', author);
    secondBank = await t.createBank(acme, 'second', author);
    const content = (index: number) =>
      questionContent.parse({ ...sampleQuestions.true_false, stem: `Question ${index}` });
    const questions = createQuestionRepository(t.db);
    const published = (count: number, from: number) =>
      Array.from({ length: count }, (_, index) => ({
        content: content(from + index),
        status: 'published' as const,
      }));
    grouped = (await questions.insertMany(acme, bankId, published(3, 0), 'ada'))!;
    loose = (await questions.insertMany(acme, bankId, published(6, 10), 'ada'))!;
    elsewhere = (await questions.insertMany(acme, secondBank, published(1, 20), 'ada'))![0]!;
  });
  afterAll(() => t?.close());

  it('are written, listed and read with the questions that refer to them, in order', async () => {
    const passage = await createPassage('The Nile');
    expect(passage).toMatchObject({ currentVersion: 1, questions: [] });
    // Publishing questions is a reviewer's: so is grouping published ones.
    expect((await attach(passage.id, grouped[0]!)).statusCode).toBe(403);
    for (const id of [grouped[2]!, grouped[0]!, grouped[1]!]) {
      expect((await attach(passage.id, id, reviewer)).statusCode).toBe(200);
    }
    const read = await call('GET', `/clients/${acme}/passages/${passage.id}`, author);
    expect(read.json<PassageDetail>().questions.map((q) => q.id)).toEqual([
      grouped[2],
      grouped[0],
      grouped[1],
    ]);
    const list = await call('GET', `/clients/${acme}/banks/${bankId}/passages`, author);
    expect(list.json()).toMatchObject({ passages: [{ id: passage.id, questionCount: 3 }] });
  });

  it('refuse a question of another bank, and stay inside their tenant', async () => {
    const passage = await createPassage('Lonely');
    const refused = await attach(passage.id, elsewhere);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'passage.other_bank' });
    const foreign = await call('GET', `/clients/${other}/passages/${passage.id}`, stranger);
    expect(foreign.statusCode).toBe(404);
    const sneaky = await call('GET', `/clients/${acme}/passages/${passage.id}`, stranger);
    expect(sneaky.statusCode).toBe(404);
    const bogus = await call(
      'PUT',
      `/clients/${other}/passages/${passage.id}/questions/${grouped[0]}`,
      stranger,
    );
    expect(bogus.statusCode).toBe(404);
  });

  it('keep a new version per save; changing a live one needs a reviewer', async () => {
    const nile = await passageTitled('The Nile');
    const detail = (
      await call('GET', `/clients/${acme}/passages/${nile.id}`, author)
    ).json<PassageDetail>();
    const body = {
      content: { ...detail.content, body: 'A new text.' },
      expectedRevision: detail.revision,
    };
    const live = await call('PUT', `/clients/${acme}/passages/${detail.id}`, author, body);
    expect(live.statusCode).toBe(403);
    const saved = await call('PUT', `/clients/${acme}/passages/${detail.id}`, reviewer, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ currentVersion: 2, content: { body: 'A new text.' } });
    const stale = await call('PUT', `/clients/${acme}/passages/${detail.id}`, reviewer, body);
    expect(stale.json()).toMatchObject({ code: 'conflict.version' });
  });

  it('are deleted only once no question refers to them', async () => {
    const passage = await createPassage('Short-lived');
    const draft = (await createQuestionRepository(t.db).insertMany(
      acme,
      bankId,
      [{ content: questionContent.parse(sampleQuestions.true_false), status: 'draft' }],
      'ada',
    ))![0]!;
    expect((await attach(passage.id, draft)).statusCode).toBe(200);
    const refused = await call('DELETE', `/clients/${acme}/passages/${passage.id}`, author);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'passage.in_use' });
    const detached = await call(
      'DELETE',
      `/clients/${acme}/passages/${passage.id}/questions/${draft}`,
      author,
    );
    expect(detached.json()).toMatchObject({ questions: [] });
    expect(
      (await call('DELETE', `/clients/${acme}/passages/${passage.id}`, author)).statusCode,
    ).toBe(204);
  });

  it('come with all their questions, together and in order, in every draw', async () => {
    const nile = await passageTitled('The Nile');
    for (let seed = 0; seed < 12; seed++) {
      const response = await call('POST', `/clients/${acme}/banks/${bankId}/draw`, author, {
        rules: [{ count: 5 }],
        seed: `seed-${seed}`,
      });
      const drawn = response.json<Drawn>();
      const ids = drawn.questions.map((q) => q.questionId);
      expect(ids).toHaveLength(5);
      const first = ids.findIndex((id) => grouped.includes(id));
      if (first === -1) {
        expect(drawn.passages).toEqual([]);
        continue;
      }
      // A group of three in a draw of five: whole, consecutive, in authored order.
      expect(ids.slice(first, first + 3)).toEqual([grouped[2], grouped[0], grouped[1]]);
      expect(drawn.passages).toMatchObject([{ id: nile.id, version: 2 }]);
      expect(drawn.questions[first]).toMatchObject({ passageId: nile.id });
    }
    // A rule of two cannot hold the group: its first two questions come, never a lone passage.
    const small = await call('POST', `/clients/${acme}/banks/${bankId}/draw`, author, {
      rules: [{ count: 2 }],
      exclude: loose,
    });
    expect(small.json<Drawn>().questions.map((q) => q.questionId)).toEqual([
      grouped[2],
      grouped[0],
    ]);
    // Practice asks for a group's next question by passage.
    const next = await call('POST', `/clients/${acme}/banks/${bankId}/draw`, author, {
      rules: [{ count: 1, passageId: nile.id }],
      exclude: [grouped[2]],
    });
    expect(next.json<Drawn>().questions.map((q) => q.questionId)).toEqual([grouped[0]]);
  });

  it('are left by a question that moves to another bank', async () => {
    const passage = await createPassage('Moving');
    const draft = (await createQuestionRepository(t.db).insertMany(
      acme,
      bankId,
      [{ content: questionContent.parse(sampleQuestions.true_false), status: 'draft' }],
      'ada',
    ))![0]!;
    await attach(passage.id, draft);
    const moved = await call('POST', `/clients/${acme}/banks/${bankId}/questions/bulk`, author, {
      action: 'move',
      questionIds: [draft],
      targetBankId: secondBank,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = await call('GET', `/clients/${acme}/passages/${passage.id}`, author);
    expect(read.json()).toMatchObject({ questions: [] });
  });
});
