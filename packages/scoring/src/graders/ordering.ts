import { fraction, invalid, type AnswerOf, type ContentOf, type PartialGrade } from '../result';

/**
 * ordering — Kendall-style: of all n(n−1)/2 pairs of items, the fraction the learner put in the
 * same relative order as the question (the question lists items in the correct order).
 *   score = pairs in order / (n(n−1)/2)
 * The exact order scores 1 (and only it: any other permutation has an inverted pair); the reverse
 * scores 0; one adjacent swap costs a single pair. Chosen over "adjacent pairs" because moving one
 * item far away costs in proportion to how far it moved.
 * The answer must list every item of the question exactly once; anything else is invalid.
 */
export const gradeOrdering = (
  content: ContentOf<'ordering'>,
  answer: AnswerOf<'ordering'>,
): PartialGrade => {
  const correctPosition = new Map(content.items.map((item, index) => [item.id, index]));
  const unknownAt = answer.itemIds.findIndex((id) => !correctPosition.has(id));
  if (unknownAt >= 0) {
    return invalid(['itemIds', unknownAt], `unknown item "${answer.itemIds[unknownAt]}"`);
  }
  // Ids are unique (schema) and all known, so equal length means every item is present.
  if (answer.itemIds.length !== content.items.length) {
    return invalid(['itemIds'], `expected all ${content.items.length} items in some order`);
  }
  const ranks = answer.itemIds.map((id) => correctPosition.get(id) ?? 0);
  let inOrder = 0;
  for (let i = 0; i < ranks.length; i += 1) {
    for (let j = i + 1; j < ranks.length; j += 1) {
      if ((ranks[i] ?? 0) < (ranks[j] ?? 0)) inOrder += 1;
    }
  }
  const pairs = (ranks.length * (ranks.length - 1)) / 2;
  return {
    score: fraction(inOrder, pairs),
    feedback: {
      type: 'ordering',
      items: answer.itemIds.map((itemId, position) => ({
        itemId,
        position,
        correctPosition: correctPosition.get(itemId) ?? 0,
      })),
      pairsInOrder: inOrder,
      pairs,
    },
  };
};
