import type { QuestionContent, QuestionType } from '@questa/contracts';
import type { Translate } from '../../lib/i18n';

/** The smallest id `prefix<n>` not yet taken: short, stable ids that read well in a cloze stem. */
export function nextId(taken: readonly string[], prefix: string): string {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/**
 * A new question of `type` that already passes validation, so it can be saved as a draft at once;
 * the author replaces the wording.
 */
export function starterContent(type: QuestionType, t: Translate): QuestionContent {
  const common = {
    stem: t('editor.starter.stem'),
    explanation: '',
    topic: t('editor.starter.topic'),
    tags: [],
    difficulty: 3,
    points: 1,
    media: [],
    licence: 'CC BY 4.0',
    attribution: '',
  };
  const option = (n: number) => t('editor.starter.option', { n });
  switch (type) {
    case 'single_choice':
    case 'multiple_response':
      return {
        ...common,
        type,
        options: [
          { id: 'o1', text: option(1), correct: true },
          { id: 'o2', text: option(2), correct: false },
        ],
      };
    case 'true_false':
      return { ...common, type, answer: true };
    case 'short_text':
      return {
        ...common,
        type,
        accepted: [t('editor.starter.answer')],
        caseSensitive: false,
        whitespace: 'collapse',
      };
    case 'numeric':
      return { ...common, type, value: 0, tolerance: 0 };
    case 'ordering':
      return {
        ...common,
        type,
        items: [1, 2, 3].map((n) => ({ id: `i${n}`, text: t('editor.starter.item', { n }) })),
      };
    case 'matching':
      return {
        ...common,
        type,
        pairs: [1, 2].map((n) => ({
          id: `p${n}`,
          prompt: t('editor.starter.prompt', { n }),
          answer: t('editor.starter.match', { n }),
        })),
      };
    case 'cloze':
      return {
        ...common,
        type,
        stem: t('editor.starter.clozeStem', { blank: '{{b1}}' }),
        blanks: [
          { id: 'b1', kind: 'text', accepted: [t('editor.starter.answer')], caseSensitive: false },
        ],
      };
  }
}
