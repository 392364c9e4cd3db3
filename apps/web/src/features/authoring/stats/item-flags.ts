import type { ItemFlag } from '@questa/contracts';

// The contract's list is a runtime value that would bring the schema library into the bundle;
// a record typed by the union makes the compiler insist on every flag instead.
const flags: Record<ItemFlag, true> = {
  too_hard: true,
  too_easy: true,
  negative_discrimination: true,
  low_discrimination: true,
};

/** Every flag, the most serious first. */
export const itemFlagOptions = Object.keys(flags) as ItemFlag[];
