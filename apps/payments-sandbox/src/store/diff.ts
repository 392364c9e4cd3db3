const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stripe's `previous_attributes`: for every field that changed, its old value; nested objects
 * are compared field by field, lists and other values as a whole. Undefined when nothing changed.
 */
export function previousAttributes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const previous: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key];
    const now = after[key];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    if (isPlainObject(old) && isPlainObject(now)) {
      const nested = previousAttributes(old, now);
      if (nested) previous[key] = nested;
    } else {
      previous[key] = old ?? null;
    }
  }
  return Object.keys(previous).length > 0 ? previous : undefined;
}
