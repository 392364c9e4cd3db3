import { defineCatalogue, type LocaleMessages } from './messages';

// English ships in the entry chunk as the fallback, cut down to what the first pages show (the
// cuts are in apps/web/pages.ts, applied by vite.config.ts); every other locale is its own lazy
// chunk, so a new language is one new JSON file.
const firstEnglish = import.meta.glob<LocaleMessages>('../../locales/en.json', {
  query: '?page=app-first',
  import: 'default',
  eager: true,
});
const laterEnglish = import.meta.glob<LocaleMessages>('../../locales/en.json', {
  query: '?page=app-later',
  import: 'default',
});

export const appMessages = defineCatalogue(
  Object.values(firstEnglish)[0] ?? {},
  import.meta.glob<LocaleMessages>(['../../locales/*.json', '!../../locales/en.json'], {
    import: 'default',
  }),
);

let laterLoading: Promise<void> | undefined;

/**
 * Adds the rest of English to the catalogue. The routes of every page but the first ones wait for
 * it along with their code, so their messages are there by their first render; translators look
 * the fallback up when called, so they see the added messages without being made again.
 */
export function loadLaterMessages(): Promise<void> {
  const load = Object.values(laterEnglish)[0];
  if (!load) return Promise.resolve();
  laterLoading ??= load().then(
    (messages) => {
      Object.assign(appMessages.english, messages);
    },
    (error: unknown) => {
      laterLoading = undefined;
      throw error;
    },
  );
  return laterLoading;
}
