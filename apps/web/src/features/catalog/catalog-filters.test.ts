import { describe, expect, it } from 'vitest';
import { catalogSearch, isNarrowed, readCatalogFilters } from './catalog-filters';

const read = (search: string) => readCatalogFilters(new URLSearchParams(search));

describe('catalog filters in the address', () => {
  it('reads every filter, and writes back only what differs from the defaults', () => {
    const filters = read(
      'q=%20rivers%20&language=pt-BR&tag=water&access=premium&minQuestions=25&sort=questions&page=3',
    );
    expect(filters).toEqual({
      q: 'rivers',
      language: 'pt-BR',
      tag: 'water',
      access: 'premium',
      minQuestions: 25,
      sort: 'questions',
      page: 3,
    });
    expect(catalogSearch(filters).toString()).toBe(
      'q=rivers&language=pt-BR&tag=water&access=premium&minQuestions=25&sort=questions&page=3',
    );
    expect(catalogSearch(read('sort=title&page=1')).toString()).toBe('');
  });

  it('leaves out what the server would refuse, so an edited link still shows a list', () => {
    expect(read('language=English&access=gratis&minQuestions=-4&sort=cheapest&page=two')).toEqual({
      q: undefined,
      language: undefined,
      tag: undefined,
      access: undefined,
      minQuestions: undefined,
      sort: 'title',
      page: 1,
    });
    expect(read(`q=${'x'.repeat(300)}`).q).toHaveLength(100);
  });

  it('tells a narrowed list from the whole catalog', () => {
    expect(isNarrowed(read('sort=newest&page=2'))).toBe(false);
    expect(isNarrowed(read('tag=water'))).toBe(true);
  });
});
