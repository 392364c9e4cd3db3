import type { BankVisibility } from '@questa/contracts';
import { BANK_LIMITS, bankVisibilities } from '@questa/contracts/rules';
import { useState, type ReactNode } from 'react';
import { Field } from '../../../components/ui/field';
import { languageName, useI18n, type Translate } from '../../../lib/i18n';

/** What a bank's author writes about it, as the form holds it (tags as typed, comma-separated). */
export interface BankFieldValues {
  title: string;
  description: string;
  language: string;
  visibility: BankVisibility;
  tags: string;
}

/** The form's values and their setter; creating and editing a bank share them. */
export function useBankFields(initial: BankFieldValues) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof BankFieldValues>(key: K, value: BankFieldValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  return { values, set };
}

/** The checks the page can make before sending; the server's own come back per field. */
export function bankFieldErrors(
  t: Translate,
  values: BankFieldValues,
  serverError: (field: string) => string | undefined,
) {
  return {
    title: values.title.trim() === '' ? t('editor.error.required') : serverError('title'),
    description:
      values.description.length > BANK_LIMITS.descriptionMax
        ? t('editor.error.tooLong', { max: BANK_LIMITS.descriptionMax })
        : serverError('description'),
  };
}

/** The values as the bank contracts take them. */
export const bankFieldsBody = (values: BankFieldValues) => ({
  title: values.title.trim(),
  description: values.description,
  language: values.language,
  visibility: values.visibility,
  tags: values.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean),
});

/** Title, description, language, visibility and tags; `afterTitle` holds what only one form asks. */
export function BankFields({
  values,
  set,
  errors,
  languages,
  afterTitle,
}: {
  values: BankFieldValues;
  set: ReturnType<typeof useBankFields>['set'];
  /** The errors to show now (none before the first submit). */
  errors: { title?: string | undefined; description?: string | undefined };
  languages: readonly string[];
  afterTitle?: ReactNode;
}) {
  const { t, locale } = useI18n();
  return (
    <>
      <Field label={t('author.bankTitle')} error={errors.title}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={values.title}
            maxLength={BANK_LIMITS.titleMax}
            required
            autoFocus
            onChange={(event) => set('title', event.target.value)}
          />
        )}
      </Field>
      {afterTitle}
      <Field
        label={t('author.description')}
        error={errors.description}
        className="authoring-form__wide"
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={3}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </Field>
      <Field label={t('author.language')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={values.language}
            onChange={(event) => set('language', event.target.value)}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageName(code, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('author.visibility')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={values.visibility}
            onChange={(event) => set('visibility', event.target.value as BankVisibility)}
          >
            {bankVisibilities.map((option) => (
              <option key={option} value={option}>
                {t(`visibility.${option}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('editor.tags')} hint={t('editor.tagsHint')} className="authoring-form__wide">
        {(control) => (
          <input
            {...control}
            className="input"
            value={values.tags}
            onChange={(event) => set('tags', event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
