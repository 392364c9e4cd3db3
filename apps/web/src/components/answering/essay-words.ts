/** Words as a learner counts them: runs of letters or digits, hyphens and apostrophes inside. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Whether a count is inside the author's limits (either may be absent). */
export function withinWordLimits(
  count: number,
  limits: { minWords: number | null; maxWords: number | null },
): boolean {
  return (
    (limits.minWords === null || count >= limits.minWords) &&
    (limits.maxWords === null || count <= limits.maxWords)
  );
}
