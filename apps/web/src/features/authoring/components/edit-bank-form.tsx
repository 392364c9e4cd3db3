import type { Bank, BankVisibility } from '@questa/contracts';
import { BANK_LIMITS, bankVisibilities } from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { languageName, useI18n } from '../../../lib/i18n';
import { useUpdateBank } from '../api/update-bank';
import { bankLanguages } from '../bank-languages';

const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** Changes a bank's title, description, language, visibility and tags; the slug stays put. */
export function EditBankForm({
  bank,
  onSaved,
  onCancel,
}: {
  bank: Bank;
  onSaved: (bank: Bank) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const update = useUpdateBank();
  const [title, setTitle] = useState(bank.title);
  const [description, setDescription] = useState(bank.description);
  const [language, setLanguage] = useState(bank.language);
  const [visibility, setVisibility] = useState<BankVisibility>(bank.visibility);
  const [tags, setTags] = useState(bank.tags.join(', '));
  const [submitted, setSubmitted] = useState(false);
  // A bank made through the API may use a language the studio does not list; keep it offered.
  const languages = bankLanguages.includes(bank.language)
    ? bankLanguages
    : [bank.language, ...bankLanguages];

  const serverError = (field: string) =>
    update.error?.fieldErrors.find((error) => error.field.replace(/^body\./, '') === field)
      ?.message;
  const errors = {
    title: title.trim() === '' ? t('editor.error.required') : serverError('title'),
    description:
      description.length > BANK_LIMITS.descriptionMax
        ? t('editor.error.tooLong', { max: BANK_LIMITS.descriptionMax })
        : serverError('description'),
  };
  const shown = (message: string | undefined) => (submitted ? message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.title || errors.description) return;
    const outcome = await update.mutate(bank.clientId, bank.id, {
      title: title.trim(),
      description,
      language,
      visibility,
      tags: splitTags(tags),
    });
    if (outcome.ok) onSaved(outcome.data);
  };

  return (
    <form className="authoring-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('bankEdit.title')}</h2>
      <div className="authoring-form__grid">
        <Field label={t('author.bankTitle')} error={shown(errors.title)}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={title}
              maxLength={BANK_LIMITS.titleMax}
              required
              autoFocus
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('author.language')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
            >
              {languages.map((code) => (
                <option key={code} value={code}>
                  {languageName(code, locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('author.description')}
          error={shown(errors.description)}
          className="authoring-form__wide"
        >
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={3}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('author.visibility')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as BankVisibility)}
            >
              {bankVisibilities.map((option) => (
                <option key={option} value={option}>
                  {t(`visibility.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('editor.tags')} hint={t('editor.tagsHint')}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={tags}
              onChange={(event) => setTags(event.target.value)}
            />
          )}
        </Field>
      </div>
      {update.status === 'error' && (
        <ProblemAlert title={t('bankEdit.failed')} error={update.error} />
      )}
      <div className="authoring-actions">
        <Button type="submit" disabled={update.status === 'pending'}>
          {t('bankEdit.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
      </div>
    </form>
  );
}
