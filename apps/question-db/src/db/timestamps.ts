/** Drivers return `timestamptz` as a Date or a string; contracts want ISO 8601. */
export const isoTimestamp = (value: string | Date): string => new Date(value).toISOString();

export const isoTimestampOrNull = (value: string | Date | null): string | null =>
  value === null ? null : isoTimestamp(value);
