import type { LearnerQuestion, QuestionContent } from '@questa/contracts';
import { drawInstance, type CalculatedValues } from '@questa/contracts/rules';

/** Fisher–Yates on a copy, with the caller's random source so a test can fix it. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Ordering items in the authored order would give the answer away: reshuffle until they differ. */
function scrambled<T>(items: readonly T[], random: () => number): T[] {
  for (let attempt = 0; attempt < 10; attempt++) {
    const order = shuffled(items, random);
    if (order.some((item, index) => item !== items[index])) return order;
  }
  return [...items].reverse();
}

/**
 * A question as the learner sees it before answering: everything needed to answer and nothing
 * that tells the answer. Choice options keep the authored order (authors write "all of the
 * above"); ordering items and matching answers are shuffled, because their authored order is
 * the key. A calculated question is instantiated: fresh values are drawn, filled into the stem,
 * and kept in the presentation (read back with `presentedValues`); the formula stays behind.
 */
export function presentQuestion(content: QuestionContent, random: () => number): LearnerQuestion {
  const common = {
    stem: content.stem,
    topic: content.topic,
    difficulty: content.difficulty,
    points: content.points,
    media: content.media,
    // Hints help before answering, so unlike option feedback they belong to the learner's view.
    ...(content.hints?.length ? { hints: content.hints } : {}),
  };
  switch (content.type) {
    case 'single_choice':
    case 'multiple_response':
      return {
        ...common,
        type: content.type,
        // Credits and feedback stay behind: they would tell the key before the answer.
        options: content.options.map(({ id, text }) => ({ id, text })),
      };
    case 'true_false':
    case 'short_text':
      return { ...common, type: content.type };
    case 'numeric':
      return { ...common, type: 'numeric', unit: content.unit ?? null };
    case 'ordering':
      return {
        ...common,
        type: 'ordering',
        items: scrambled(content.items, random).map(({ id, text }) => ({ id, text })),
      };
    case 'matching':
      return {
        ...common,
        type: 'matching',
        prompts: content.pairs.map(({ id, prompt }) => ({ id, prompt })),
        answers: shuffled([...new Set(content.pairs.map((pair) => pair.answer))], random),
      };
    case 'cloze':
      return {
        ...common,
        type: 'cloze',
        blanks: content.blanks.map((blank) =>
          blank.kind === 'text'
            ? { id: blank.id, kind: 'text' as const }
            : { id: blank.id, kind: 'choice' as const, options: blank.options },
        ),
      };
    case 'hotspot':
      return { ...common, type: 'hotspot', image: content.image, markers: content.markers };
    case 'calculated': {
      const instance = drawInstance(content, random);
      // The contract refuses a definition without a finite instance, so this is a stored-data bug.
      if (!instance) throw new Error('this calculated question has no values with an answer');
      return {
        ...common,
        stem: instance.stem,
        type: 'calculated',
        unit: content.unit ?? null,
        values: instance.values,
      };
    }
    case 'essay':
      return {
        ...common,
        type: 'essay',
        minWords: content.minWords ?? null,
        maxWords: content.maxWords ?? null,
      };
  }
}

/** The variables a calculated question was presented with, for grading and its answer. */
export const presentedValues = (presented: LearnerQuestion): CalculatedValues | undefined =>
  presented.type === 'calculated' ? presented.values : undefined;

/** The start of a stem for lists: the first line, cut at a word near `max` characters. */
export function stemExcerpt(stem: string, max = 140): string {
  const line = stem.trim().split('\n')[0] ?? '';
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
