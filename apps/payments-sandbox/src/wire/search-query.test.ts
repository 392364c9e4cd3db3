import { describe, expect, it } from 'vitest';
import type { StripeApiError } from './errors';
import { parseSearchQuery } from './search-query';

const fields = ['email', 'name', 'metadata'] as const;
const refusal = (query: string) => {
  try {
    parseSearchQuery(query, fields);
  } catch (error) {
    return error as StripeApiError;
  }
  throw new Error(`expected ${query} to be refused`);
};

describe('reading Stripe’s search query language', () => {
  it('reads exact, substring and negated clauses on fields and metadata, in either quotes', () => {
    expect(
      parseSearchQuery(`email:"a@b.test" AND -name~'lov' AND metadata['plan']:"gold"`, fields),
    ).toEqual({
      join: 'and',
      clauses: [
        { field: 'email', match: 'exact', negated: false, value: 'a@b.test' },
        { field: 'name', match: 'contains', negated: true, value: 'lov' },
        { field: 'metadata.plan', match: 'exact', negated: false, value: 'gold' },
      ],
    });
    expect(parseSearchQuery(`name:'x' OR name:'y'`, fields).join).toBe('or');
  });

  it('refuses what it does not answer, naming the query parameter', () => {
    for (const [query, words] of [
      [`phone:'1'`, 'cannot be searched'],
      [`metadata:'x'`, 'cannot be searched'],
      [`email['x']:'y'`, 'cannot be searched'],
      [`name:'a' AND name:'b' OR name:'c'`, 'mix AND and OR'],
      [`name~'ab'`, 'at least three'],
      [`name:'a' name:'b'`, 'joined by AND or OR'],
      [`name:unquoted`, 'could not read'],
      [`   `, 'empty'],
    ] as const) {
      const error = refusal(query);
      expect(error.status, query).toBe(400);
      expect(error.body.param, query).toBe('query');
      expect(error.body.message, query).toContain(words);
    }
  });
});
