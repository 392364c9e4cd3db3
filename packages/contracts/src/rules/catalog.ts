/** How the catalog of banks may be searched, filtered, sorted and paged. */
export const CATALOG_LIMITS = {
  searchMax: 100,
  pageSizeDefault: 24,
  pageSizeMax: 100,
  /** Pages beyond this are refused: a few hundred banks never need them, and offsets cost. */
  pageMax: 1_000,
  minQuestionsMax: 10_000,
} as const;

/** The orders the catalog can be listed in; the first is the default. */
export const catalogSorts = ['title', 'newest', 'questions'] as const;
export type CatalogSort = (typeof catalogSorts)[number];

/** Free banks are the public ones; premium ones need premium. */
export const catalogAccesses = ['free', 'premium'] as const;
export type CatalogAccess = (typeof catalogAccesses)[number];
