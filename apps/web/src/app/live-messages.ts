import { defineCatalogue } from '../lib/i18n';
import type { LocaleMessages } from '../lib/i18n/messages';

// `?page=live` cuts each locale file down to the messages the player's page shows (the list is in
// apps/web/pages.ts, applied by vite.config.ts): a phone downloads a tenth of the app's words.
const english = import.meta.glob<LocaleMessages>('../locales/en.json', {
  query: '?page=live',
  import: 'default',
  eager: true,
});

export const liveMessages = defineCatalogue(
  Object.values(english)[0] ?? {},
  import.meta.glob<LocaleMessages>(['../locales/*.json', '!../locales/en.json'], {
    query: '?page=live',
    import: 'default',
  }),
);
