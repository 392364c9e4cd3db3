import type { PromotionCode } from '@questa/contracts';
import {
  BILLING_LIMITS,
  promotionDurations,
  type PromotionDuration,
} from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useCreatePromotionCode } from '../api/create-promotion-code';
import { offeredCurrencies, toMinorUnits } from '../billing-format';
import { endOfDay, localDate } from './premium-dialog';
import { ServerFieldErrors } from './server-field-errors';

const isWholeNumber = (text: string) => /^\d+$/.test(text.trim());

/** A new promotion code: a percentage or an amount off, once, for some months, or forever. */
export function PromotionCodeForm({
  onCreated,
  onCancel,
}: {
  onCreated: (code: PromotionCode) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const create = useCreatePromotionCode();
  const [code, setCode] = useState('');
  const [type, setType] = useState<'percent' | 'amount'>('percent');
  const [percent, setPercent] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('eur');
  const [duration, setDuration] = useState<PromotionDuration>('once');
  const [months, setMonths] = useState('3');
  const [maxRedemptions, setMaxRedemptions] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [today] = useState(() => localDate(new Date()));

  const amountOff = toMinorUnits(amount, currency);
  const percentOff = Number(percent.trim().replace(',', '.'));
  const errors = {
    code: BILLING_LIMITS.promotionCodePattern.test(code) ? undefined : t('admin.codes.error.code'),
    percent:
      type === 'percent' && (percent.trim() === '' || !(percentOff >= 1 && percentOff <= 100))
        ? t('admin.codes.error.percent')
        : undefined,
    amount:
      type === 'amount' &&
      (amountOff === undefined || amountOff < 1 || amountOff > BILLING_LIMITS.amountMax)
        ? t('admin.plans.error.amount')
        : undefined,
    months:
      duration === 'repeating' &&
      (!isWholeNumber(months) ||
        Number(months) < 1 ||
        Number(months) > BILLING_LIMITS.promotionMonthsMax)
        ? t('admin.codes.error.months', { max: BILLING_LIMITS.promotionMonthsMax })
        : undefined,
    maxRedemptions:
      maxRedemptions.trim() !== '' && (!isWholeNumber(maxRedemptions) || Number(maxRedemptions) < 1)
        ? t('admin.codes.error.maxRedemptions')
        : undefined,
    expiresOn: expiresOn !== '' && expiresOn < today ? t('admin.codes.error.expires') : undefined,
  };
  const shown = (message: string | undefined) => (submitted ? message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean)) return;
    const outcome = await create.mutate({
      code: code.trim(),
      discount:
        type === 'percent'
          ? { type: 'percent', percentOff }
          : { type: 'amount', amountOff: amountOff ?? 0, currency },
      duration,
      durationMonths: duration === 'repeating' ? Number(months) : null,
      maxRedemptions: maxRedemptions.trim() === '' ? null : Number(maxRedemptions),
      expiresAt: expiresOn === '' ? null : endOfDay(expiresOn),
    });
    if (outcome.ok) onCreated(outcome.data);
  };

  return (
    <form
      className="admin-form billing-form"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`}>{t('admin.codes.newTitle')}</h3>
      <div className="billing-form__grid">
        <Field
          label={t('admin.codes.code')}
          hint={t('admin.codes.codeHint')}
          error={shown(errors.code)}
        >
          {(control) => (
            <input
              {...control}
              className="input table__mono"
              value={code}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              onChange={(event) => setCode(event.target.value.toUpperCase())}
            />
          )}
        </Field>
      </div>
      <fieldset className="fieldset">
        <legend>{t('admin.codes.discount')}</legend>
        <div className="billing-form__checks">
          <label className="check">
            <input
              type="radio"
              name={`${id}-type`}
              checked={type === 'percent'}
              onChange={() => setType('percent')}
            />
            {t('admin.codes.typePercent')}
          </label>
          <label className="check">
            <input
              type="radio"
              name={`${id}-type`}
              checked={type === 'amount'}
              onChange={() => setType('amount')}
            />
            {t('admin.codes.typeAmount')}
          </label>
        </div>
        {type === 'percent' ? (
          <Field
            label={t('admin.codes.percent')}
            error={shown(errors.percent)}
            className="billing-form__narrow"
          >
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="decimal"
                value={percent}
                onChange={(event) => setPercent(event.target.value)}
              />
            )}
          </Field>
        ) : (
          <div className="billing-form__grid">
            <Field label={t('admin.plans.amount')} error={shown(errors.amount)}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="decimal"
                  placeholder="5.00"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                />
              )}
            </Field>
            <Field label={t('admin.plans.currency')}>
              {(control) => (
                <select
                  {...control}
                  className="input"
                  value={currency}
                  onChange={(event) => setCurrency(event.target.value)}
                >
                  {offeredCurrencies.map((code) => (
                    <option key={code} value={code}>
                      {code.toUpperCase()}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        )}
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('admin.codes.duration')}</legend>
        <div className="billing-form__checks">
          {promotionDurations.map((option) => (
            <label key={option} className="check">
              <input
                type="radio"
                name={`${id}-duration`}
                checked={duration === option}
                onChange={() => setDuration(option)}
              />
              {t(`admin.codes.duration.${option}`)}
            </label>
          ))}
        </div>
        {duration === 'repeating' && (
          <Field
            label={t('admin.codes.months')}
            error={shown(errors.months)}
            className="billing-form__narrow"
          >
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="numeric"
                value={months}
                onChange={(event) => setMonths(event.target.value)}
              />
            )}
          </Field>
        )}
      </fieldset>
      <div className="billing-form__grid">
        <Field
          label={t('admin.codes.maxRedemptions')}
          hint={t('admin.codes.optional')}
          error={shown(errors.maxRedemptions)}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              value={maxRedemptions}
              onChange={(event) => setMaxRedemptions(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('admin.codes.expiresOn')}
          hint={t('admin.codes.expiresHint')}
          error={shown(errors.expiresOn)}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              className="input"
              min={today}
              value={expiresOn}
              onChange={(event) => setExpiresOn(event.target.value)}
            />
          )}
        </Field>
      </div>
      {create.status === 'error' && (
        <>
          <ProblemAlert title={t('admin.codes.createFailed')} error={create.error} />
          <ServerFieldErrors error={create.error} />
        </>
      )}
      <div className="billing-form__actions">
        <Button type="submit" disabled={create.status === 'pending'}>
          {t('admin.codes.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={create.status === 'pending'}>
          {t('confirm.cancel')}
        </Button>
      </div>
    </form>
  );
}
