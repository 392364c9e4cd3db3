import en from '../../locales/en.json';
import { defineCatalogue, type LocaleMessages } from './messages';

// English ships in the entry chunk as the fallback; every other locale is its own lazy chunk, so a
// new language is one new JSON file.
export const appMessages = defineCatalogue(
  en,
  import.meta.glob<LocaleMessages>(['../../locales/*.json', '!../../locales/en.json'], {
    import: 'default',
  }),
);
