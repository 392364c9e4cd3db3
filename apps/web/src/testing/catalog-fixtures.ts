import type { CatalogBank, CatalogBankDetail, CatalogList } from '@questa/contracts';

export function aBank(overrides: Partial<CatalogBank> = {}): CatalogBank {
  return {
    id: '7d1f3c2e-7a43-4c55-9a8f-1f0a2b3c4d5e',
    clientId: '0b6c8d9e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
    slug: 'world-capitals',
    title: 'World capitals',
    description: 'Capitals of every country, from Abuja to Zagreb.',
    language: 'en',
    visibility: 'public',
    tags: ['geography', 'trivia'],
    questionCount: 12,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aBankDetail(overrides: Partial<CatalogBankDetail> = {}): CatalogBankDetail {
  return {
    ...aBank(),
    topics: [
      { topic: 'Europe', questionCount: 8 },
      { topic: 'Africa', questionCount: 4 },
    ],
    questionTypes: ['single_choice', 'short_text'],
    ...overrides,
  };
}

/** A catalog page holding `banks`, with the facets and count the server would send. */
export function aCatalogList(
  banks: CatalogBank[] = [aBank()],
  overrides: Partial<CatalogList> = {},
): CatalogList {
  return {
    banks,
    total: banks.length,
    page: 1,
    pageSize: 24,
    languages: [
      { language: 'de', bankCount: 1 },
      { language: 'en', bankCount: 2 },
    ],
    tags: [
      { tag: 'geography', bankCount: 2 },
      { tag: 'science', bankCount: 1 },
    ],
    ...overrides,
  };
}
