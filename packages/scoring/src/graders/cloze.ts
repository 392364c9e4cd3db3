import { normaliseText } from '../normalise';
import { fraction, invalid, type AnswerOf, type ContentOf, type PartialGrade } from '../result';

type Blank = ContentOf<'cloze'>['blanks'][number];

const isRight = (blank: Blank, value: string | number): boolean => {
  if (blank.kind === 'choice') return value === blank.correct;
  // Blanks have no white-space setting of their own, so they use the short_text default.
  const rules = { caseSensitive: blank.caseSensitive, whitespace: 'collapse' } as const;
  const given = normaliseText(String(value), rules);
  return blank.accepted.some((accepted) => normaliseText(accepted, rules) === given);
};

const shown = (blank: Blank): string =>
  blank.kind === 'choice' ? (blank.options[blank.correct] ?? '') : (blank.accepted[0] ?? '');

/**
 * cloze — score = blanks right / number of blanks in the question.
 * A text blank is right when the typed string equals one of its accepted answers under the
 * short_text rules with the blank's `caseSensitive` and white space `collapse`. A choice blank is
 * right when the given index equals its `correct` index. Blanks left out count as wrong.
 * Invalid: an unknown blank id, a number for a text blank, a string for a choice blank, or an
 * index past the blank's options.
 */
export const gradeCloze = (
  content: ContentOf<'cloze'>,
  answer: AnswerOf<'cloze'>,
): PartialGrade => {
  const byId = new Map(content.blanks.map((b) => [b.id, b]));
  for (const [index, given] of answer.blanks.entries()) {
    const blank = byId.get(given.blankId);
    const path = ['blanks', index];
    if (!blank) return invalid([...path, 'blankId'], `unknown blank "${given.blankId}"`);
    if (blank.kind === 'text' && typeof given.value !== 'string') {
      return invalid([...path, 'value'], `blank "${blank.id}" takes text`);
    }
    if (blank.kind === 'choice' && typeof given.value !== 'number') {
      return invalid([...path, 'value'], `blank "${blank.id}" takes an option index`);
    }
    if (blank.kind === 'choice' && Number(given.value) >= blank.options.length) {
      return invalid([...path, 'value'], `blank "${blank.id}" has no option ${given.value}`);
    }
  }
  const values = new Map(answer.blanks.map((b) => [b.blankId, b.value]));
  const blanks = content.blanks.map((blank) => {
    const value = values.get(blank.id);
    return {
      blankId: blank.id,
      given: value ?? null,
      expected: shown(blank),
      correct: value !== undefined && isRight(blank, value),
    };
  });
  return {
    score: fraction(blanks.filter((b) => b.correct).length, blanks.length),
    feedback: { type: 'cloze', blanks },
  };
};
