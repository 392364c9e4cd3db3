import { useId } from 'react';
import { GlobeIcon } from '../../components/ui/icons';
import { languageName, useI18n } from '../../lib/i18n';

export function LanguagePicker() {
  const { locale, locales, changeLocale, t } = useI18n();
  const id = useId();
  if (locales.length < 2) return null;
  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <GlobeIcon className="language-picker__icon" />
      <select id={id} value={locale} onChange={(event) => void changeLocale(event.target.value)}>
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {/* Each language is named in itself, so readers can find their own. */}
            {languageName(code, code)}
          </option>
        ))}
      </select>
    </div>
  );
}
