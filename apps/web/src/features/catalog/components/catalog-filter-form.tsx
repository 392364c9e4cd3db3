import type { CatalogList } from '@questa/contracts';
import { CATALOG_LIMITS, catalogSorts, type CatalogAccess } from '@questa/contracts/rules/catalog';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { languageName, useI18n } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { isNarrowed, minQuestionChoices, noFilters, type CatalogFilters } from '../catalog-filters';
import './catalog-filter-form.css';

/** Typing pauses this long before the catalog is asked again; Enter asks at once. */
const typingDelayMs = 300;

export type CatalogFacets = Pick<CatalogList, 'languages' | 'tags'>;

/**
 * The catalog's search box, filters and sort. The lists apply at once; the search box waits for
 * a pause in typing. Every change starts again at the first page.
 */
export function CatalogFilterForm({
  filters,
  facets,
  onChange,
}: {
  filters: CatalogFilters;
  facets: CatalogFacets;
  /** Applies a change to the filters in the address, as they are when it arrives. */
  onChange: (change: Partial<CatalogFilters>) => void;
}) {
  const { t, locale } = useI18n();
  const [q, setQ] = useState(filters.q ?? '');
  // Back and forward change the address under the box: what it shows follows.
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setQ(filters.q ?? '');
  }
  const settledQ = useDebouncedValue(q.trim(), typingDelayMs);
  const change = (next: Partial<CatalogFilters>) => onChange({ ...next, page: 1 });

  useEffect(() => {
    if (settledQ === (filters.q ?? '') || settledQ !== q.trim()) return;
    onChange({ q: settledQ || undefined, page: 1 });
  }, [settledQ, q, filters, onChange]);

  // A value from the address that the catalog no longer offers is still shown as chosen.
  const languages = withChosen(
    facets.languages.map((facet) => facet.language),
    filters.language,
  );
  const tags = withChosen(
    facets.tags.map((facet) => facet.tag),
    filters.tag,
  );

  return (
    <form
      role="search"
      aria-label={t('catalog.searchLabel')}
      className="catalog-filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (q.trim() !== (filters.q ?? '')) change({ q: q.trim() || undefined });
      }}
    >
      <Field label={t('catalog.search')} className="catalog-filters__search">
        {(control) => (
          <input
            {...control}
            type="search"
            name="q"
            className="input"
            value={q}
            maxLength={CATALOG_LIMITS.searchMax}
            onChange={(event) => setQ(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('catalog.bankLanguage')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={filters.language ?? ''}
            onChange={(event) => change({ language: event.target.value || undefined })}
          >
            <option value="">{t('catalog.anyLanguage')}</option>
            {languages.map((language) => (
              <option key={language} value={language}>
                {languageName(language, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('catalog.tag')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={filters.tag ?? ''}
            onChange={(event) => change({ tag: event.target.value || undefined })}
          >
            <option value="">{t('catalog.anyTag')}</option>
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('catalog.access')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={filters.access ?? ''}
            onChange={(event) =>
              change({ access: (event.target.value || undefined) as CatalogAccess | undefined })
            }
          >
            <option value="">{t('catalog.anyAccess')}</option>
            <option value="free">{t('catalog.accessFree')}</option>
            <option value="premium">{t('catalog.accessPremium')}</option>
          </select>
        )}
      </Field>
      <Field label={t('catalog.size')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={filters.minQuestions ?? ''}
            onChange={(event) =>
              change({
                minQuestions: event.target.value ? Number(event.target.value) : undefined,
              })
            }
          >
            <option value="">{t('catalog.anySize')}</option>
            {withChosen([...minQuestionChoices], filters.minQuestions).map((count) => (
              <option key={count} value={count}>
                {t('catalog.atLeast', { count })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('catalog.sort')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={filters.sort}
            onChange={(event) => change({ sort: event.target.value as CatalogFilters['sort'] })}
          >
            {catalogSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`catalog.sortBy.${sort}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {isNarrowed(filters) && (
        <div className="catalog-filters__clear">
          <Button
            variant="ghost"
            onClick={() => {
              setQ('');
              onChange(noFilters);
            }}
          >
            {t('catalog.clearFilters')}
          </Button>
        </div>
      )}
    </form>
  );
}

function withChosen<T extends string | number>(offered: T[], chosen: T | undefined): T[] {
  return chosen === undefined || offered.includes(chosen) ? offered : [chosen, ...offered];
}
