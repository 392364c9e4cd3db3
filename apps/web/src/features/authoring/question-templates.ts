import type { QuestionContent, QuestionType } from '@questa/contracts';

/** The smallest id `prefix<n>` not yet taken: short, stable ids that read well in a cloze stem. */
export function nextId(taken: readonly string[], prefix: string): string {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/**
 * The fields of a new question of `type`, with nothing in them the author did not write: texts
 * empty (the editor shows placeholders, which are never saved) and no answer marked correct, so
 * the checks ask for each until the author has filled it in. Only settings every question needs a
 * value for (difficulty, points, a tolerance of 0, the licence) start with one, shown in their
 * fields. Nothing is created on the server until the checks pass.
 */
export function starterContent(type: QuestionType): QuestionContent {
  const common = {
    stem: '',
    explanation: '',
    topic: '',
    tags: [],
    difficulty: 3,
    points: 1,
    media: [],
    licence: 'CC BY 4.0',
    attribution: '',
  };
  switch (type) {
    case 'single_choice':
    case 'multiple_response':
      return {
        ...common,
        type,
        options: [1, 2].map((n) => ({ id: `o${n}`, text: '', correct: false })),
      };
    case 'true_false':
      // The contract has no "not chosen yet"; the field shows this choice from the start.
      return { ...common, type, answer: true };
    case 'short_text':
      return { ...common, type, accepted: [''], caseSensitive: false, whitespace: 'collapse' };
    case 'numeric':
      // NaN reads as an empty field: 0 would be a real answer the author never gave.
      return { ...common, type, value: Number.NaN, tolerance: 0 };
    case 'ordering':
      return { ...common, type, items: [1, 2, 3].map((n) => ({ id: `i${n}`, text: '' })) };
    case 'matching':
      return {
        ...common,
        type,
        pairs: [1, 2].map((n) => ({ id: `p${n}`, prompt: '', answer: '' })),
      };
    case 'cloze':
      return {
        ...common,
        type,
        blanks: [{ id: 'b1', kind: 'text', accepted: [''], caseSensitive: false }],
      };
    case 'hotspot':
      // No image yet: an empty hash and size, which the checks ask the author to fill by upload.
      return {
        ...common,
        type,
        image: { sha256: '', alt: '', width: 0, height: 0 },
        regions: [],
        markers: 1,
      };
    case 'calculated':
      // One variable to start from; the formula is left for the author to write.
      return {
        ...common,
        type,
        variables: [{ name: 'a', min: 1, max: 10, decimals: 0 }],
        formula: '',
        tolerance: 0.01,
        toleranceType: 'relative',
        answerDecimals: 2,
      };
    case 'essay':
      return { ...common, type, rubric: '', modelAnswer: '' };
  }
}
