import type { Bank } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useI18n } from '../../../lib/i18n';
import { useUpdateBank } from '../api/update-bank';
import { bankLanguages } from '../bank-languages';
import { BankFields, bankFieldErrors, bankFieldsBody, useBankFields } from './bank-fields';

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
  const { t } = useI18n();
  const id = useId();
  const update = useUpdateBank();
  const { values, set } = useBankFields({
    title: bank.title,
    description: bank.description,
    language: bank.language,
    visibility: bank.visibility,
    tags: bank.tags.join(', '),
  });
  const [submitted, setSubmitted] = useState(false);
  // A bank made through the API may use a language the studio does not list; keep it offered.
  const languages = bankLanguages.includes(bank.language)
    ? bankLanguages
    : [bank.language, ...bankLanguages];

  const errors = bankFieldErrors(
    t,
    values,
    (field) =>
      update.error?.fieldErrors.find((error) => error.field.replace(/^body\./, '') === field)
        ?.message,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.title || errors.description) return;
    const outcome = await update.mutate(bank.clientId, bank.id, bankFieldsBody(values));
    if (outcome.ok) onSaved(outcome.data);
  };

  return (
    <form className="authoring-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('bankEdit.title')}</h2>
      <div className="authoring-form__grid">
        <BankFields
          values={values}
          set={set}
          errors={submitted ? errors : {}}
          languages={languages}
        />
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
