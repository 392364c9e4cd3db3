import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PracticeAnswerResult,
  PracticeState,
  PracticeSummary,
  ReviewQueue,
} from '@questa/contracts';
import { LEARNING } from '@questa/contracts';
import { sql } from '@questa/db';
import { correctAnswer } from '@questa/scoring';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';

/** The pinned content of an item, read as the server keeps it, to answer right or wrong. */
async function contentOf(kit: LearningApi, itemId: string) {
  const row = await kit.db
    .selectFrom('practice_items')
    .select('content')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.content;
}

const wrongAnswer = { type: 'short_text', text: 'Atlantis' } as const;

async function answerRight(kit: LearningApi, learner: Learner, state: PracticeState) {
  const item = state.item!;
  return learner.call({
    method: 'POST',
    url: `/api/practice/sessions/${state.session.id}/items/${item.id}/answer`,
    payload: { answer: correctAnswer(await contentOf(kit, item.id)) },
  });
}

async function start(learner: Learner, bankId: string, extra: object = {}) {
  return learner.call({
    method: 'POST',
    url: '/api/practice/sessions',
    payload: { bankId, ...extra },
  });
}

async function next(learner: Learner, sessionId: string) {
  return (
    await learner.call({ method: 'POST', url: `/api/practice/sessions/${sessionId}/next` })
  ).json<PracticeState>();
}

describe('practice', () => {
  let kit: LearningApi;
  beforeAll(async () => {
    kit = await startLearningApi();
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('starts with a question drawn from the bank, without its key', async () => {
    const learner = await kit.learner('ada');
    const response = await start(learner, kit.publicBankId);
    expect(response.statusCode).toBe(201);
    const state = response.json<PracticeState>();
    expect(state.session).toMatchObject({ bankTitle: 'Capitals', answered: 0 });
    expect(state.session.allowance).toMatchObject({ limit: 20, used: 0, remaining: 20 });
    expect(state.item).toMatchObject({ position: 1, result: null, bookmarked: false });
    expect(JSON.stringify(state.item!.question)).not.toMatch(
      /"accepted"|"correct"|"answer":true|"value":5|"explanation"/,
    );
  });

  it('refuses practice and exams on a public bank without a published question, saying why', async () => {
    const { rows } = await sql<{ id: string }>`
      insert into question_db.banks (client_id, slug, title, description, language, visibility, tags)
      select client_id, 'not-yet', 'Not yet', '', 'en', 'public', '{}'
      from question_db.banks where id = ${kit.publicBankId}
      returning id`.execute(kit.beside.database.kysely);
    const emptyBankId = rows[0]!.id;
    const learner = await kit.learner('nell', { premium: true });
    const refusals = [
      await start(learner, emptyBankId),
      await learner.call({ method: 'POST', url: '/api/exams', payload: { bankId: emptyBankId } }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'not_found',
        detail: 'This bank has no published questions yet, so it is not in the catalog.',
      });
    }
    const { banks } = (await kit.api.inject('/api/catalog/banks')).json<{
      banks: { id: string }[];
    }>();
    expect(banks.map((bank) => bank.id)).not.toContain(emptyBankId);
  });

  it('grades an answer at once, with the key, the explanation and the review schedule', async () => {
    const learner = await kit.learner('grace');
    const state = (await start(learner, kit.publicBankId)).json<PracticeState>();
    const response = await answerRight(kit, learner, state);
    expect(response.statusCode).toBe(200);
    const { item, session } = response.json<PracticeAnswerResult>();
    expect(item.result).toMatchObject({ correct: true, score: 1, card: { state: 'learning' } });
    expect(item.result!.correctAnswer).toBeDefined();
    expect(session).toMatchObject({ answered: 1, correct: 1, allowance: { used: 1 } });

    // A retried request returns the first result and does not count again.
    const again = await answerRight(kit, learner, state);
    expect(again.json<PracticeAnswerResult>().session.allowance.used).toBe(1);
  });

  it('refuses an answer that does not fit the question, and counts nothing', async () => {
    const learner = await kit.learner('linus');
    const state = (await start(learner, kit.publicBankId)).json<PracticeState>();
    const type = state.item!.question.type;
    const response = await learner.call({
      method: 'POST',
      url: `/api/practice/sessions/${state.session.id}/items/${state.item!.id}/answer`,
      payload: {
        answer:
          type === 'true_false'
            ? { type: 'numeric', value: 1 }
            : { type: 'true_false', value: true },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed' });
    const malformed = await learner.call({
      method: 'POST',
      url: `/api/practice/sessions/${state.session.id}/items/${state.item!.id}/answer`,
      payload: { answer: { type: 'short_text' } },
    });
    expect(malformed.statusCode).toBe(400);
    const allowance = await learner.call({ url: '/api/allowance' });
    expect(allowance.json()).toMatchObject({ used: 0 });
  });

  it('draws every question once, then says the bank is done', async () => {
    const learner = await kit.learner('alan', { premium: true });
    let state = (await start(learner, kit.publicBankId)).json<PracticeState>();
    const seen = new Set<string>();
    while (!state.exhausted) {
      seen.add(state.item!.questionId);
      await answerRight(kit, learner, state);
      state = await next(learner, state.session.id);
    }
    expect(seen.size).toBe(10);
  });

  it('avoids questions answered lately while others remain', async () => {
    const learner = await kit.learner('barbara', { premium: true });
    const first = (await start(learner, kit.publicBankId)).json<PracticeState>();
    let state = first;
    const answered = new Set<string>();
    for (let i = 0; i < 6; i++) {
      answered.add(state.item!.questionId);
      await answerRight(kit, learner, state);
      state = await next(learner, state.session.id);
    }
    const fresh = (await start(learner, kit.publicBankId)).json<PracticeState>();
    let second = fresh;
    for (let i = 0; i < 4; i++) {
      expect(answered.has(second.item!.questionId)).toBe(false);
      await answerRight(kit, learner, second);
      second = await next(learner, second.session.id);
    }
    // Only seen ones are left: practice goes on with them rather than stopping.
    expect(second.exhausted).toBe(false);
    expect(answered.has(second.item!.questionId)).toBe(true);
  });

  it('keeps to the chosen topics', async () => {
    const learner = await kit.learner('edsger', { premium: true });
    let state = (
      await start(learner, kit.publicBankId, { topics: ['Asia'] })
    ).json<PracticeState>();
    const topics = new Set<string>();
    while (!state.exhausted) {
      topics.add(state.item!.question.topic);
      await answerRight(kit, learner, state);
      state = await next(learner, state.session.id);
    }
    expect([...topics]).toEqual(['Asia']);
  });

  it(`stops a free learner after ${LEARNING.freeDailyAnswers} answers a day, and never a premium one`, async () => {
    const free = await kit.learner('margaret');
    const premium = await kit.learner('katherine', { premium: true });
    for (const learner of [free, premium]) {
      let used = 0;
      let refused;
      for (let round = 0; round < 3 && !refused; round++) {
        const started = await start(learner, kit.publicBankId);
        if (started.statusCode !== 201) {
          refused = started;
          break;
        }
        let state = started.json<PracticeState>();
        while (!state.exhausted && !refused) {
          const response = await learner.call({
            method: 'POST',
            url: `/api/practice/sessions/${state.session.id}/items/${state.item!.id}/answer`,
            payload: {
              answer:
                wrongAnswer.type === state.item!.question.type
                  ? wrongAnswer
                  : correctAnswer(await contentOf(kit, state.item!.id)),
            },
          });
          if (response.statusCode !== 200) {
            refused = response;
            break;
          }
          used += 1;
          state = await next(learner, state.session.id);
        }
      }
      if (learner === free) {
        expect(used).toBe(LEARNING.freeDailyAnswers);
        expect(refused?.statusCode).toBe(402);
        expect(refused?.json()).toMatchObject({ code: 'quota.exceeded' });
      } else {
        expect(refused).toBeUndefined();
        expect(used).toBe(30);
      }
    }
  });

  it('refuses to start a session for a free learner with no answers left today, and never a premium one', async () => {
    const free = await kit.learner('ida');
    const premium = await kit.learner('mary', { premium: true });
    for (const learner of [free, premium]) {
      await kit.db
        .insertInto('daily_usage')
        .values({
          user_id: learner.userId,
          day: new Date().toISOString().slice(0, 10),
          answers: LEARNING.freeDailyAnswers,
        })
        .execute();
    }
    const refused = await start(free, kit.publicBankId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'quota.exceeded' });
    expect(
      (await free.call({ url: '/api/allowance' })).json<{ remaining: number }>().remaining,
    ).toBe(0);
    expect((await start(premium, kit.publicBankId)).statusCode).toBe(201);
  });

  it('takes the last free answer once when two arrive together', async () => {
    const learner = await kit.learner('hedy');
    await kit.db
      .insertInto('daily_usage')
      .values({ user_id: learner.userId, day: new Date().toISOString().slice(0, 10), answers: 19 })
      .execute();
    const one = (await start(learner, kit.publicBankId)).json<PracticeState>();
    const two = (await start(learner, kit.publicBankId)).json<PracticeState>();
    const results = await Promise.all([
      answerRight(kit, learner, one),
      answerRight(kit, learner, two),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 402]);
  });

  it('keeps premium banks for premium learners', async () => {
    const free = await kit.learner('frances');
    const refused = await start(free, kit.premiumBankId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'payment.required' });
    const premium = await kit.learner('jean', { premium: true });
    expect((await start(premium, kit.premiumBankId)).statusCode).toBe(201);
  });

  it('shows a session to its learner only', async () => {
    const owner = await kit.learner('radia');
    const other = await kit.learner('mallory');
    const state = (await start(owner, kit.publicBankId)).json<PracticeState>();
    expect(
      (await other.call({ url: `/api/practice/sessions/${state.session.id}` })).statusCode,
    ).toBe(404);
    const stolen = await other.call({
      method: 'POST',
      url: `/api/practice/sessions/${state.session.id}/items/${state.item!.id}/answer`,
      payload: { answer: wrongAnswer },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await kit.api.inject(`/api/practice/sessions/${state.session.id}`)).statusCode).toBe(
      401,
    );
  });

  it('sums up a session finished early: answered, right, by topic, and when each comes back', async () => {
    const learner = await kit.learner('rosalind');
    let state = (await start(learner, kit.publicBankId)).json<PracticeState>();
    const empty = await learner.call({ url: `/api/practice/sessions/${state.session.id}/summary` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ topics: [], reviews: [], session: { answered: 0 } });

    const topics: string[] = [];
    for (let i = 0; i < 3; i++) {
      topics.push(state.item!.question.topic);
      await answerRight(kit, learner, state);
      state = await next(learner, state.session.id);
    }
    // The fourth question is on screen, unanswered: finishing now leaves it out.
    const response = await learner.call({
      url: `/api/practice/sessions/${state.session.id}/summary`,
    });
    expect(response.statusCode).toBe(200);
    const summary = response.json<PracticeSummary>();
    expect(summary.session).toMatchObject({ answered: 3, correct: 3 });
    expect(summary.topics.reduce((sum, topic) => sum + topic.answered, 0)).toBe(3);
    expect(summary.topics.map((topic) => topic.topic).sort()).toEqual([...new Set(topics)].sort());
    expect(summary.reviews).toHaveLength(3);
    for (const review of summary.reviews) {
      expect(review.points).toBe(review.maxPoints);
      expect(Date.parse(review.due)).toBeGreaterThan(Date.now() - 60_000);
      expect(review.excerpt.length).toBeGreaterThan(0);
    }
    const dues = summary.reviews.map((review) => review.due);
    expect(dues).toEqual([...dues].sort());

    const other = await kit.learner('eve');
    expect(
      (await other.call({ url: `/api/practice/sessions/${state.session.id}/summary` })).statusCode,
    ).toBe(404);
    expect(
      (await learner.call({ url: '/api/practice/sessions/not-a-session/summary' })).statusCode,
    ).toBe(400);
  });

  it('closes a session finished early: no more answers or draws, the summary stays', async () => {
    const learner = await kit.learner('grace');
    let state = (await start(learner, kit.publicBankId)).json<PracticeState>();
    const sessionId = state.session.id;
    expect(state.session.finishedAt).toBeNull();
    await answerRight(kit, learner, state);
    state = await next(learner, sessionId);
    const onScreen = state.item!;

    const finished = await learner.call({
      method: 'POST',
      url: `/api/practice/sessions/${sessionId}/finish`,
    });
    expect(finished.statusCode).toBe(200);
    const summary = finished.json<PracticeSummary>();
    expect(summary.session).toMatchObject({ answered: 1, correct: 1 });
    expect(Date.parse(summary.session.finishedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // The question left on screen cannot be answered any more, and nothing new is drawn.
    const late = await answerRight(kit, learner, state);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'practice.finished' });
    const drawn = await learner.call({
      method: 'POST',
      url: `/api/practice/sessions/${sessionId}/next`,
    });
    expect(drawn.statusCode).toBe(409);
    expect(drawn.json()).toMatchObject({ code: 'practice.finished' });
    const item = await kit.db
      .selectFrom('practice_items')
      .select('result')
      .where('id', '=', onScreen.id)
      .executeTakeFirstOrThrow();
    expect(item.result).toBeNull();

    // Opening the session again says it is finished, and its summary still loads.
    const reopened = await learner.call({ url: `/api/practice/sessions/${sessionId}` });
    expect(reopened.json<PracticeState>().session.finishedAt).toBe(summary.session.finishedAt);
    const again = await learner.call({ url: `/api/practice/sessions/${sessionId}/summary` });
    expect(again.json<PracticeSummary>()).toMatchObject({ session: { answered: 1 } });
    const twice = await learner.call({
      method: 'POST',
      url: `/api/practice/sessions/${sessionId}/finish`,
    });
    expect(twice.json<PracticeSummary>().session.finishedAt).toBe(summary.session.finishedAt);

    const other = await kit.learner('mallory');
    expect(
      (await other.call({ method: 'POST', url: `/api/practice/sessions/${sessionId}/finish` }))
        .statusCode,
    ).toBe(404);
  });

  it('bookmarks a question into the reviews as a new card', async () => {
    const learner = await kit.learner('annie');
    const state = (await start(learner, kit.publicBankId)).json<PracticeState>();
    const url = `/api/practice/sessions/${state.session.id}/items/${state.item!.id}/bookmark`;
    expect(
      (await learner.call({ method: 'PUT', url, payload: { bookmarked: true } })).statusCode,
    ).toBe(204);
    const after = (
      await learner.call({ url: `/api/practice/sessions/${state.session.id}` })
    ).json<PracticeState>();
    expect(after.item!.bookmarked).toBe(true);
    expect((await learner.call({ url: '/api/bookmarks' })).json()).toMatchObject({
      bookmarks: [{ questionId: state.item!.questionId, bankTitle: 'Capitals' }],
    });
    const queue = (await learner.call({ url: '/api/review/queue' })).json<ReviewQueue>();
    expect(queue.cards).toMatchObject([{ questionId: state.item!.questionId, state: 'new' }]);
    expect(queue.totals.new).toBe(1);
  });

  it('removes a bookmark for its learner only, and keeps the review card', async () => {
    const learner = await kit.learner('barbara-l');
    const other = await kit.learner('oscar');
    const state = (await start(learner, kit.publicBankId)).json<PracticeState>();
    await learner.call({
      method: 'PUT',
      url: `/api/practice/sessions/${state.session.id}/items/${state.item!.id}/bookmark`,
      payload: { bookmarked: true },
    });
    const url = `/api/bookmarks/${state.item!.questionId}`;
    expect((await other.call({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(
      (await learner.call({ method: 'DELETE', url: '/api/bookmarks/nonsense' })).json(),
    ).toMatchObject({
      code: 'validation.failed',
    });
    expect((await learner.call({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await learner.call({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await learner.call({ url: '/api/bookmarks' })).json()).toEqual({ bookmarks: [] });
    const queue = (await learner.call({ url: '/api/review/queue' })).json<ReviewQueue>();
    expect(queue.cards.map((card) => card.questionId)).toEqual([state.item!.questionId]);
  });
});
