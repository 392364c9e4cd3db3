import type { QuestionContent } from '@questa/contracts';
import type { AnswerInput } from '@questa/contracts';
import { insidePoint } from './graders/hotspot-geometry';
import { instantiate, type CalculatedValues } from '@questa/contracts/rules';

/**
 * The answer that scores 1 for a question: what a client reveals after a question closes and
 * what tests and bots submit. For multiple_response it selects every correct option; for
 * short_text and text blanks the first accepted answer; for numeric the value with its unit; for
 * hotspot a marker inside each correct region, as many as the question allows; for calculated
 * the answer for `values`, the variables it was presented with.
 */
export const correctAnswer = (content: QuestionContent, values?: CalculatedValues): AnswerInput => {
  switch (content.type) {
    case 'single_choice':
      // The contract guarantees exactly one correct option.
      return { type: 'single_choice', optionId: content.options.find((o) => o.correct)?.id ?? '' };
    case 'multiple_response':
      return {
        type: 'multiple_response',
        optionIds: content.options.filter((o) => o.correct).map((o) => o.id),
      };
    case 'true_false':
      return { type: 'true_false', value: content.answer };
    case 'short_text':
      return { type: 'short_text', text: content.accepted[0] ?? '' };
    case 'numeric':
      return content.unit === undefined
        ? { type: 'numeric', value: content.value }
        : { type: 'numeric', value: content.value, unit: content.unit };
    case 'ordering':
      return { type: 'ordering', itemIds: content.items.map((item) => item.id) };
    case 'matching':
      return {
        type: 'matching',
        pairs: content.pairs.map((p) => ({ pairId: p.id, answer: p.answer })),
      };
    case 'cloze':
      return {
        type: 'cloze',
        blanks: content.blanks.map((b) => ({
          blankId: b.id,
          value: b.kind === 'choice' ? b.correct : (b.accepted[0] ?? ''),
        })),
      };
    case 'hotspot':
      return {
        type: 'hotspot',
        points: content.regions
          .filter((r) => r.correct)
          .slice(0, content.markers)
          .map(insidePoint),
      };
    case 'calculated': {
      const instance = values ? instantiate(content, values) : null;
      // Only a caller's bug gets here: every presentation of a calculated question has values.
      if (!instance) throw new Error('a calculated question needs the values it was shown with');
      return content.unit === undefined
        ? { type: 'calculated', value: instance.answer }
        : { type: 'calculated', value: instance.answer, unit: content.unit };
    }
    // No essay scores 1 by itself; the model answer is what a client reveals.
    case 'essay':
      return { type: 'essay', text: content.modelAnswer };
  }
};
