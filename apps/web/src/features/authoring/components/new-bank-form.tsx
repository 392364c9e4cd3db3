import type { Bank, BankVisibility } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { languageName, useI18n } from '../../../lib/i18n';
import { useCreateBank } from '../api/create-bank';
import { bankLanguages as languages } from '../bank-languages';
import { isSlug, slugify } from '../slugify';
import { bankVisibilities, BANK_LIMITS } from '@questa/contracts/rules';

const visibilities: readonly BankVisibility[] = bankVisibilities;

export function NewBankForm({
  clientId,
  onCreated,
  onCancel,
}: {
  clientId: string;
  onCreated: (bank: Bank) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const create = useCreateBank();
  const [title, setTitle] = useState('');
  // The slug follows the title until the author edits it.
  const [slug, setSlug] = useState<string>();
  const [description, setDescription] = useState('');
  const [language, setLanguage] = useState(languages.includes(locale) ? locale : 'en');
  const [visibility, setVisibility] = useState<BankVisibility>('private');
  const [tags, setTags] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const effectiveSlug = slug ?? slugify(title);
  const serverError = (field: string) =>
    create.error?.fieldErrors.find((error) => error.field.replace(/^body\./, '') === field)
      ?.message;
  const errors = {
    title: title.trim() === '' ? t('editor.error.required') : serverError('title'),
    slug: !isSlug(effectiveSlug) ? t('author.slugInvalid') : serverError('slug'),
    description:
      description.length > 2000
        ? t('editor.error.tooLong', { max: 2000 })
        : serverError('description'),
  };
  const shown = (message: string | undefined) => (submitted ? message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.title || errors.slug || errors.description) return;
    const outcome = await create.mutate(clientId, {
      title: title.trim(),
      slug: effectiveSlug,
      description,
      language,
      visibility,
      tags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    });
    if (outcome.ok) onCreated(outcome.data);
  };

  return (
    <form className="authoring-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{t('author.newBank')}</h3>
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
        <Field label={t('author.slug')} hint={t('author.slugHint')} error={shown(errors.slug)}>
          {(control) => (
            <input
              {...control}
              className="input authoring-mono"
              value={effectiveSlug}
              maxLength={BANK_LIMITS.slugMax}
              required
              onChange={(event) => setSlug(event.target.value)}
            />
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
        <Field label={t('author.visibility')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as BankVisibility)}
            >
              {visibilities.map((option) => (
                <option key={option} value={option}>
                  {t(`visibility.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('editor.tags')}
          hint={t('editor.tagsHint')}
          className="authoring-form__wide"
        >
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
      {create.status === 'error' && (
        <ProblemAlert title={t('author.createBankFailed')} error={create.error} />
      )}
      <div className="authoring-actions">
        <Button type="submit" disabled={create.status === 'pending'}>
          {t('author.createBank')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
      </div>
    </form>
  );
}
