export { detectLocale, inEnglish, loadInitialLocale, matchLocale } from './detect-locale';
export { I18nProvider, useI18n, useT, type LoadedLocale } from './i18n-provider';
export { defineCatalogue, type Catalogue, type MessageKey } from './messages';
export { createTranslator, type Translate } from './translate';
export { currencyDigits, formatDate, formatDateTime, formatMoney, languageName } from './format';
