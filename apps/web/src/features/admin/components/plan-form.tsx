import type { Plan, PlanFeatures, PriceInput } from '@questa/contracts';
import {
  BILLING_LIMITS,
  billingIntervals,
  LIVE_LIMITS,
  type BillingInterval,
  type PlanFeatureKey,
} from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldError } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useI18n } from '../../../lib/i18n';
import { useCreatePlan } from '../api/create-plan';
import { useUpdatePlan } from '../api/update-plan';
import {
  activePrices,
  fromMinorUnits,
  offeredCurrencies,
  priceLabel,
  toMinorUnits,
} from '../billing-format';
import { ServerFieldErrors } from './server-field-errors';

const switches = [
  'premiumBanks',
  'unlimitedPractice',
  'exams',
  'detailedAnalytics',
] as const satisfies readonly PlanFeatureKey[];

interface PriceRow {
  key: number;
  currency: string;
  interval: BillingInterval;
  amount: string;
}

const noFeatures: PlanFeatures = {
  premiumBanks: false,
  unlimitedPractice: false,
  exams: false,
  detailedAnalytics: false,
  hostLiveRooms: false,
  livePlayerLimit: null,
};

const isWholeNumber = (text: string) => /^\d+$/.test(text.trim());

/**
 * Creates a paid plan, or changes one. Prices are never changed in place: the form says, before
 * saving, which prices a save replaces or archives and that current subscribers keep theirs.
 */
export function PlanForm({
  plan,
  onSaved,
  onCancel,
}: {
  /** The plan to change; a new plan when absent. */
  plan?: Plan;
  onSaved: (plan: Plan, created: boolean) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const saving = plan ? update : create;
  const free = plan?.kind === 'free';
  const [name, setName] = useState(plan?.name ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [trialDays, setTrialDays] = useState(String(plan?.trialDays ?? 0));
  const [features, setFeatures] = useState<PlanFeatures>(plan?.features ?? noFeatures);
  const [players, setPlayers] = useState(String(plan?.features.livePlayerLimit ?? 50));
  const [rows, setRows] = useState<PriceRow[]>(() =>
    plan
      ? activePrices(plan.prices).map((price, index) => ({
          key: index,
          currency: price.currency,
          interval: price.interval,
          amount: fromMinorUnits(price.amount, price.currency),
        }))
      : [{ key: 0, currency: 'eur', interval: 'month', amount: '' }],
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const [submitted, setSubmitted] = useState(false);

  // A plan's own currencies are offered too, should one be missing from the usual list.
  const currencies = [...new Set([...offeredCurrencies, ...rows.map((row) => row.currency)])];
  const rowKey = (row: { currency: string; interval: string }) => `${row.currency}/${row.interval}`;
  const amountOf = (row: PriceRow) => toMinorUnits(row.amount, row.currency);

  const rowError = (row: PriceRow, index: number) => {
    const amount = amountOf(row);
    if (amount === undefined || amount < 1 || amount > BILLING_LIMITS.amountMax) {
      return t('admin.plans.error.amount');
    }
    if (rows.findIndex((other) => rowKey(other) === rowKey(row)) !== index) {
      return t('admin.plans.error.duplicatePrice');
    }
    return undefined;
  };
  const errors = {
    name:
      name.trim() === '' || name.trim().length > BILLING_LIMITS.planNameMax
        ? t('admin.plans.error.name', { max: BILLING_LIMITS.planNameMax })
        : undefined,
    description:
      description.length > BILLING_LIMITS.planDescriptionMax
        ? t('admin.plans.error.description', { max: BILLING_LIMITS.planDescriptionMax })
        : undefined,
    trialDays:
      !isWholeNumber(trialDays) || Number(trialDays) > BILLING_LIMITS.trialDaysMax
        ? t('admin.plans.error.trialDays', { max: BILLING_LIMITS.trialDaysMax })
        : undefined,
    players:
      features.hostLiveRooms &&
      (!isWholeNumber(players) ||
        Number(players) < BILLING_LIMITS.livePlayersMin ||
        Number(players) > LIVE_LIMITS.maxPlayers)
        ? t('admin.plans.error.players', {
            min: BILLING_LIMITS.livePlayersMin,
            max: LIVE_LIMITS.maxPlayers,
          })
        : undefined,
    prices: !free && !plan && rows.length === 0 ? t('admin.plans.error.noPrices') : undefined,
    rows: rows.map(rowError),
  };
  const invalid =
    [errors.name, errors.description, errors.trialDays, errors.players, errors.prices].some(
      Boolean,
    ) ||
    (!free && errors.rows.some(Boolean));
  const shown = (message: string | undefined) => (submitted ? message : undefined);

  const wanted: PriceInput[] = rows.map((row) => ({
    currency: row.currency,
    interval: row.interval,
    amount: amountOf(row) ?? 0,
  }));
  const changes = plan && !free ? priceChanges(activePrices(plan.prices), wanted) : undefined;
  const label = (price: { amount: number; currency: string; interval: BillingInterval }) =>
    priceLabel(t, locale, price);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    const chosenFeatures: PlanFeatures = {
      ...features,
      livePlayerLimit: features.hostLiveRooms ? Number(players) : null,
    };
    const common = { name: name.trim(), description, trialDays: Number(trialDays) };
    const outcome = !plan
      ? await create.mutate({ ...common, features: chosenFeatures, prices: wanted })
      : free
        ? await update.mutate(plan.id, common)
        : await update.mutate(plan.id, { ...common, features: chosenFeatures, prices: wanted });
    if (outcome.ok) onSaved(outcome.data, !plan);
  };

  const setRow = (key: number, change: Partial<PriceRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <form
      className="admin-form billing-form"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`}>
        {plan ? t('admin.plans.editTitle', { name: plan.name }) : t('admin.plans.newTitle')}
      </h3>
      <div className="billing-form__grid">
        <Field label={t('admin.plans.name')} error={shown(errors.name)}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={name}
              maxLength={BILLING_LIMITS.planNameMax}
              required
              autoFocus
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('admin.plans.trialDays')}
          hint={t('admin.plans.trialDaysHint')}
          error={shown(errors.trialDays)}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              value={trialDays}
              onChange={(event) => setTrialDays(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('admin.plans.description')}
          error={shown(errors.description)}
          className="billing-form__wide"
        >
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={2}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
      </div>

      {free ? (
        <p className="admin-secondary">{t('admin.plans.freeNote')}</p>
      ) : (
        <>
          <fieldset className="fieldset">
            <legend>{t('admin.plans.features')}</legend>
            <div className="billing-form__checks">
              {switches.map((key) => (
                <label key={key} className="check">
                  <input
                    type="checkbox"
                    checked={features[key]}
                    onChange={(event) =>
                      setFeatures((current) => ({ ...current, [key]: event.target.checked }))
                    }
                  />
                  {t(`admin.plans.feature.${key}`)}
                </label>
              ))}
              <label className="check">
                <input
                  type="checkbox"
                  checked={features.hostLiveRooms}
                  onChange={(event) =>
                    setFeatures((current) => ({ ...current, hostLiveRooms: event.target.checked }))
                  }
                />
                {t('admin.plans.feature.hostLiveRooms')}
              </label>
            </div>
            {features.hostLiveRooms && (
              <Field
                label={t('admin.plans.playerLimit')}
                hint={t('admin.plans.playerLimitHint', { max: LIVE_LIMITS.maxPlayers })}
                error={shown(errors.players)}
                className="billing-form__narrow"
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    inputMode="numeric"
                    value={players}
                    onChange={(event) => setPlayers(event.target.value)}
                  />
                )}
              </Field>
            )}
          </fieldset>

          <fieldset className="fieldset">
            <legend>{t('admin.plans.prices')}</legend>
            {rows.length === 0 &&
              (plan ? (
                <p className="admin-secondary">{t('admin.plans.noPricesLeft')}</p>
              ) : (
                <FieldError message={shown(errors.prices)} />
              ))}
            <ul className="billing-price-rows">
              {rows.map((row, index) => {
                const position = index + 1;
                const error = shown(errors.rows[index]);
                return (
                  <li key={row.key} className="billing-price-row">
                    <div className="field">
                      <label className="field__label" htmlFor={`${id}-currency-${row.key}`}>
                        {t('admin.plans.currency')}
                      </label>
                      <select
                        id={`${id}-currency-${row.key}`}
                        className="input"
                        value={row.currency}
                        aria-describedby={error ? `${id}-row-error-${row.key}` : undefined}
                        onChange={(event) => setRow(row.key, { currency: event.target.value })}
                      >
                        {currencies.map((code) => (
                          <option key={code} value={code}>
                            {code.toUpperCase()}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="field">
                      <label className="field__label" htmlFor={`${id}-interval-${row.key}`}>
                        {t('admin.plans.interval')}
                      </label>
                      <select
                        id={`${id}-interval-${row.key}`}
                        className="input"
                        value={row.interval}
                        aria-describedby={error ? `${id}-row-error-${row.key}` : undefined}
                        onChange={(event) =>
                          setRow(row.key, { interval: event.target.value as BillingInterval })
                        }
                      >
                        {billingIntervals.map((interval) => (
                          <option key={interval} value={interval}>
                            {t(`admin.billing.interval.${interval}`)}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="field">
                      <label className="field__label" htmlFor={`${id}-amount-${row.key}`}>
                        {t('admin.plans.amount')}
                      </label>
                      <input
                        id={`${id}-amount-${row.key}`}
                        className="input"
                        inputMode="decimal"
                        value={row.amount}
                        placeholder="9.00"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-row-error-${row.key}` : undefined}
                        onChange={(event) => setRow(row.key, { amount: event.target.value })}
                      />
                    </div>
                    <Button
                      variant="secondary"
                      className="button--small billing-price-row__remove"
                      aria-label={t('admin.plans.removePriceNumber', { number: position })}
                      onClick={() =>
                        setRows((current) => current.filter((other) => other.key !== row.key))
                      }
                    >
                      {t('admin.plans.removePrice')}
                    </Button>
                    {error && (
                      <p
                        id={`${id}-row-error-${row.key}`}
                        className="field__error billing-price-row__error"
                      >
                        {error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
            <div>
              <Button
                variant="secondary"
                disabled={rows.length >= BILLING_LIMITS.pricesPerPlanMax}
                onClick={() => {
                  setRows((current) => [
                    ...current,
                    {
                      key: nextKey,
                      currency: current[0]?.currency ?? 'eur',
                      interval: 'month',
                      amount: '',
                    },
                  ]);
                  setNextKey((key) => key + 1);
                }}
              >
                {t('admin.plans.addPrice')}
              </Button>
            </div>
          </fieldset>

          {changes && (changes.replaced.length > 0 || changes.archived.length > 0) && (
            <div className="billing-notice" role="note" aria-labelledby={`${id}-changes`}>
              <p id={`${id}-changes`} className="billing-notice__title">
                {t('admin.plans.changesTitle')}
              </p>
              <ul>
                {changes.replaced.map(({ before, after }) => (
                  <li key={`r-${before.id}`}>
                    {t('admin.plans.change.replaced', { old: label(before), new: label(after) })}
                  </li>
                ))}
                {changes.archived.map((price) => (
                  <li key={`a-${price.id}`}>
                    {t('admin.plans.change.archived', { old: label(price) })}
                  </li>
                ))}
                {changes.added.map((price) => (
                  <li key={`n-${rowKey(price)}`}>
                    {t('admin.plans.change.added', { new: label(price) })}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}

      {saving.status === 'error' && (
        <>
          <ProblemAlert title={t('admin.plans.saveFailed')} error={saving.error} />
          <ServerFieldErrors error={saving.error} />
        </>
      )}
      <div className="billing-form__actions">
        <Button type="submit" disabled={saving.status === 'pending'}>
          {plan ? t('admin.plans.save') : t('admin.plans.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving.status === 'pending'}>
          {t('confirm.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * What saving `wanted` does to a plan's prices, as the server decides it: same currency, interval
 * and amount keeps a price; a new amount replaces it; a price left out is archived.
 */
function priceChanges(current: Plan['prices'], wanted: PriceInput[]) {
  const key = (p: { currency: string; interval: string }) => `${p.currency}/${p.interval}`;
  const replaced: { before: Plan['prices'][number]; after: PriceInput }[] = [];
  const archived: Plan['prices'] = [];
  for (const price of current) {
    const match = wanted.find((w) => key(w) === key(price));
    if (!match) archived.push(price);
    else if (match.amount !== price.amount && match.amount > 0)
      replaced.push({ before: price, after: match });
  }
  const added = wanted.filter((w) => w.amount > 0 && !current.some((p) => key(p) === key(w)));
  return { replaced, archived, added };
}
