import { isDeepStrictEqual } from 'node:util';
import type { AnswerInput, QuestionContent } from '@questa/contracts';
import { correctAnswer } from '@questa/scoring';
import type { LearningApi } from '@questa/api/testing';

/** The answer sent in a key's `round`: right and wrong in turn, each wrong one different. */
function answerFor(content: QuestionContent, round: number): AnswerInput {
  if (round % 2 === 0) return correctAnswer(content);
  switch (content.type) {
    case 'short_text':
      return { type: 'short_text', text: `guess ${round}` };
    case 'numeric':
      return { type: 'numeric', value: content.value + round };
    case 'single_choice':
      return { type: 'single_choice', optionId: content.options.find((o) => !o.correct)!.id };
    case 'true_false':
      return { type: 'true_false', value: !content.answer };
    case 'ordering':
      return { type: 'ordering', itemIds: content.items.map((item) => item.id).reverse() };
    default:
      return correctAnswer(content);
  }
}

/** One question of one learner's exam, and the rounds of answers sent to it and saved. */
export interface Key {
  cookie: string;
  userId: string;
  attemptId: string;
  position: number;
  content: QuestionContent;
  lastSent: number;
  lastSaved: number;
}

/** Learners with an exam each, and every (attempt, position) they can answer. */
export async function prepare(kit: LearningApi, from: number, to: number): Promise<Key[]> {
  const attempts: { cookie: string; userId: string; attemptId: string }[] = [];
  for (let start = from; start < to; start += 10) {
    const batch = Array.from({ length: Math.min(10, to - start) }, async (_, i) => {
      const learner = await kit.learner(`bench-${start + i}`, { premium: true });
      const response = await learner.call({
        method: 'POST',
        url: '/api/exams',
        payload: { bankId: kit.publicBankId },
      });
      if (response.statusCode !== 201) throw new Error(`Starting an exam: ${response.body}`);
      const { id } = response.json<{ id: string }>();
      return { cookie: learner.cookie, userId: learner.userId, attemptId: id };
    });
    attempts.push(...(await Promise.all(batch)));
  }
  const pinned = await kit.db
    .selectFrom('exam_questions')
    .select(['attempt_id', 'position', 'content'])
    .where(
      'attempt_id',
      'in',
      attempts.map((attempt) => attempt.attemptId),
    )
    .execute();
  const byAttempt = new Map(attempts.map((attempt) => [attempt.attemptId, attempt]));
  return pinned.map((row) => ({
    ...byAttempt.get(row.attempt_id)!,
    position: row.position,
    content: row.content,
    lastSent: -1,
    lastSaved: -1,
  }));
}

/**
 * Hands out keys in turn, each with its next round, so that every request is a new upsert whose
 * answer differs from the one before it.
 */
export function rotation(unordered: Key[]) {
  // Consecutive requests go to different learners, as many learners answering at once would.
  const keys = [...unordered].sort(
    (a, b) => a.position - b.position || a.attemptId.localeCompare(b.attemptId),
  );
  let next = 0;
  return () => {
    const key = keys[next++ % keys.length]!;
    const round = ++key.lastSent;
    return { key, round, answer: answerFor(key.content, round) };
  };
}

export type Rotation = ReturnType<typeof rotation>;

/**
 * Checks each (attempt, position) against its row: one acknowledged must hold the newest answer
 * acknowledged, or one sent after it that the end of the load cut off; one never sent, no row.
 */
export async function verify(kit: LearningApi, keys: Key[]) {
  const rows = await kit.db
    .selectFrom('exam_responses')
    .select(['attempt_id', 'position', 'answer'])
    .where('attempt_id', 'in', [...new Set(keys.map((key) => key.attemptId))])
    .execute();
  const saved = new Map(rows.map((row) => [`${row.attempt_id}/${row.position}`, row.answer]));
  let acknowledged = 0;
  let matching = 0;
  let unexpected = 0;
  for (const key of keys) {
    const answer = saved.get(`${key.attemptId}/${key.position}`);
    if (key.lastSent < 0 && answer) unexpected++;
    if (key.lastSaved < 0) continue;
    acknowledged++;
    for (let round = key.lastSaved; answer && round <= key.lastSent; round++) {
      if (isDeepStrictEqual(answer, answerFor(key.content, round))) {
        matching++;
        break;
      }
    }
  }
  return { rows: rows.length, acknowledged, matching, unexpected };
}
