import type { Bank } from '@questa/contracts';
import { BANK_LIMITS } from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useI18n } from '../../../lib/i18n';
import { useCreateBank } from '../api/create-bank';
import { bankLanguages as languages } from '../bank-languages';
import { isSlug, slugify } from '../slugify';
import { BankFields, bankFieldErrors, bankFieldsBody, useBankFields } from './bank-fields';

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
  const { values, set } = useBankFields({
    title: '',
    description: '',
    language: languages.includes(locale) ? locale : 'en',
    visibility: 'private',
    tags: '',
  });
  // The slug follows the title until the author edits it.
  const [slug, setSlug] = useState<string>();
  const [submitted, setSubmitted] = useState(false);

  const effectiveSlug = slug ?? slugify(values.title);
  const serverError = (field: string) =>
    create.error?.fieldErrors.find((error) => error.field.replace(/^body\./, '') === field)
      ?.message;
  const errors = {
    ...bankFieldErrors(t, values, serverError),
    slug: !isSlug(effectiveSlug) ? t('author.slugInvalid') : serverError('slug'),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.title || errors.slug || errors.description) return;
    const outcome = await create.mutate(clientId, {
      ...bankFieldsBody(values),
      slug: effectiveSlug,
    });
    if (outcome.ok) onCreated(outcome.data);
  };

  return (
    <form className="authoring-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{t('author.newBank')}</h3>
      <div className="authoring-form__grid">
        <BankFields
          values={values}
          set={set}
          errors={submitted ? errors : {}}
          languages={languages}
          afterTitle={
            <Field
              label={t('author.slug')}
              hint={t('author.slugHint')}
              error={submitted ? errors.slug : undefined}
            >
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
          }
        />
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
