const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * Streaks over days with at least one answer (UTC dates, `YYYY-MM-DD`, any order). The current
 * streak still counts when today has no answer yet but yesterday had: the day is not over.
 */
export function streaks(
  days: readonly string[],
  today: string,
): { current: number; longest: number } {
  const numbers = [...new Set(days.map(dayNumber))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < numbers.length; i++) {
    run = i > 0 && numbers[i] === numbers[i - 1]! + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const last = numbers.at(-1);
  const now = dayNumber(today);
  const current = last !== undefined && now - last <= 1 ? run : 0;
  return { current, longest };
}
