/**
 * Prorations when a subscription's price changes at `at` within the period [start, end): a
 * credit for the old price's unused time and a charge for the new price's remaining time, each
 * in proportion to the seconds left, rounded to the minor unit.
 */
export function prorate(options: {
  oldAmount: number;
  newAmount: number;
  start: number;
  end: number;
  at: number;
}): { credit: number; charge: number } {
  const length = Math.max(1, options.end - options.start);
  const left = Math.min(length, Math.max(0, options.end - options.at));
  return {
    credit: -Math.round((options.oldAmount * left) / length),
    charge: Math.round((options.newAmount * left) / length),
  };
}
