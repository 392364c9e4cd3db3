import { normaliseChoice } from '../normalise';
import { fraction, invalid, type AnswerOf, type ContentOf, type PartialGrade } from '../result';

/**
 * matching — score = prompts matched right / number of prompts (pairs) in the question.
 * A prompt is right when the answer text given for it equals that pair's answer after
 * `normaliseChoice` (NFC and trimming only: the text was picked from a list, not typed). When two
 * pairs share an answer text, that text is right for both. Prompts left out count as wrong.
 * An unknown pair id, or an answer text that is none of the question's answers, is invalid.
 */
export const gradeMatching = (
  content: ContentOf<'matching'>,
  answer: AnswerOf<'matching'>,
): PartialGrade => {
  const offered = new Set(content.pairs.map((p) => normaliseChoice(p.answer)));
  const known = new Set(content.pairs.map((p) => p.id));
  for (const [index, pair] of answer.pairs.entries()) {
    if (!known.has(pair.pairId)) {
      return invalid(['pairs', index, 'pairId'], `unknown pair "${pair.pairId}"`);
    }
    if (!offered.has(normaliseChoice(pair.answer))) {
      return invalid(['pairs', index, 'answer'], `"${pair.answer}" is not one of the answers`);
    }
  }
  const given = new Map(answer.pairs.map((p) => [p.pairId, p.answer]));
  const pairs = content.pairs.map((pair) => {
    const text = given.get(pair.id);
    return {
      pairId: pair.id,
      given: text ?? null,
      expected: pair.answer,
      correct: text !== undefined && normaliseChoice(text) === normaliseChoice(pair.answer),
    };
  });
  return {
    score: fraction(pairs.filter((p) => p.correct).length, pairs.length),
    feedback: { type: 'matching', pairs },
  };
};
