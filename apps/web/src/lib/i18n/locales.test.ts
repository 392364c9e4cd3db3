import { problemCodes, questionTypes } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { appMessages } from './app-messages';
import type { LocaleMessages } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const texts = (entry: LocaleMessages[keyof LocaleMessages]) =>
  typeof entry === 'string' ? [entry] : Object.values(entry ?? {});

describe('locale catalogues', () => {
  it('offers English and every JSON file in src/locales', () => {
    expect(appMessages.locales).toContain('en');
    expect(appMessages.locales).toContain('de');
  });

  it('has a message for every problem code and question type', () => {
    for (const code of problemCodes) expect(en).toHaveProperty([`problem.${code}`]);
    for (const type of questionTypes) expect(en).toHaveProperty([`questionType.${type}`]);
  });

  it.each(appMessages.locales.filter((locale) => locale !== 'en'))(
    '%s is complete: same keys, plural forms and placeholders as English',
    async (locale) => {
      const messages = await appMessages.load(locale);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());

      const rules = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [key, reference] of Object.entries(en)) {
        const entry = messages[key as keyof LocaleMessages];
        expect(typeof entry, key).toBe(typeof reference);
        if (typeof entry === 'object') {
          expect(Object.keys(entry).sort(), key).toEqual([...rules].sort());
        }
        const expected = placeholders(
          texts(reference as LocaleMessages[keyof LocaleMessages])[0] ?? '',
        );
        for (const text of texts(entry)) expect(placeholders(text), key).toEqual(expected);
      }
    },
  );
});
