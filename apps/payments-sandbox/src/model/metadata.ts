import type { Metadata } from './objects';

/** Applies a metadata update: null clears all, an empty value removes its key. */
export function mergeMetadata(current: Metadata, update: Metadata | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Metadata given on create: empty values are simply left out. */
export const initialMetadata = (given: Metadata | null | undefined): Metadata =>
  mergeMetadata({}, given ?? {});
