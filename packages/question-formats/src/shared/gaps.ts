import { QUESTION_LIMITS } from '@questa/contracts/rules';

/**
 * Why a gap's choices cannot become a Questa choice blank, or undefined when they can. Other tools
 * allow one choice in a group or a dozen words in a pool; those are refused with a reason rather
 * than failing validation, since the file itself is not broken.
 */
export function choiceBlankProblem(blank: string, options: string[]): string | undefined {
  if (options.length < QUESTION_LIMITS.choicesMin)
    return `${blank} offers only ${options.length === 1 ? `one choice ("${options[0]}")` : 'no choices'}; a Questa choice blank needs at least ${QUESTION_LIMITS.choicesMin}`;
  if (options.length > QUESTION_LIMITS.choicesMax)
    return `${blank} offers ${options.length} choices; a Questa choice blank has at most ${QUESTION_LIMITS.choicesMax}`;
  return undefined;
}

export const quotedList = (texts: string[]) => texts.map((t) => `"${t}"`).join(', ');

/** FNV-1a of a text: the seed of a shuffle that gives the same order for the same choices. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const c of text) hash = Math.imul(hash ^ (c.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 0;
}

/** mulberry32: a small deterministic generator, enough to mix a handful of choices. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The choices in one fixed shuffled order, for a source that shuffles them on every attempt.
 * Authors of gap questions list the right words first, in the order of the gaps (Moodle numbers
 * choice n for gap [[n]]), and Questa shows a choice blank's options as stored; kept in the file's
 * order, they would give the answer away. The order depends only on the choices, so every gap of
 * one group lists them alike, and it is never the file's order.
 */
export function fixedShuffle<T>(items: readonly T[], key: string): T[] {
  const random = generator(seedOf(key));
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as T, order[i] as T];
  }
  if (order.length > 1 && order.every((item, i) => item === items[i]))
    order.push(order.shift() as T);
  return order;
}
