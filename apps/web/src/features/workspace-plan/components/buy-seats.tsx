import type { WorkspacePlan } from '@questa/contracts';
import { WORKSPACE_SEATS } from '@questa/contracts/rules';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { formatMoney, useI18n } from '../../../lib/i18n';
import { startSeatCheckout } from '../api/start-seat-checkout';

/**
 * The free workspace's way to a paid plan: how many seats (at least one per member) in which
 * currency, the total a month, and a button to the partner's hosted checkout.
 */
export function BuySeats({ plan }: { plan: WorkspacePlan }) {
  const { t, locale } = useI18n();
  const minimum = Math.max(WORKSPACE_SEATS.min, plan.seatsUsed);
  const [seats, setSeats] = useState(String(Math.max(minimum, 5)));
  const [priceId, setPriceId] = useState(plan.seatPrices[0]?.id ?? '');
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const price = plan.seatPrices.find((p) => p.id === priceId);
  const count = Number(seats);
  const invalid =
    !Number.isInteger(count) || count < minimum || count > WORKSPACE_SEATS.max
      ? t('workspacePlan.buy.seatsInvalid', { min: minimum, max: WORKSPACE_SEATS.max })
      : undefined;

  if (plan.seatPrices.length === 0 || !price) {
    return <p className="workspace-plan__note">{t('workspacePlan.buy.notOnSale')}</p>;
  }

  async function buy() {
    if (invalid || going) return;
    setGoing(true);
    setError(null);
    try {
      const checkout = await startSeatCheckout(plan.clientId, { priceId, seats: count, locale });
      if (checkout.url) {
        window.location.assign(checkout.url);
        return;
      }
      setError(toApiError(new Error('The payment partner gave no page to go to.')));
    } catch (caught) {
      setError(toApiError(caught));
    }
    setGoing(false);
  }

  return (
    <form
      className="workspace-plan__form"
      onSubmit={(event) => {
        event.preventDefault();
        void buy();
      }}
      noValidate
    >
      <h2>{t('workspacePlan.buy.title')}</h2>
      <p className="workspace-plan__note">
        {t('workspacePlan.buy.intro', {
          amount: formatMoney(price.amount, price.currency, locale),
        })}
      </p>
      <Field
        label={t('workspacePlan.buy.seats')}
        hint={t('workspacePlan.buy.seatsHint', { count: plan.seatsUsed })}
        error={seats === '' ? undefined : invalid}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={minimum}
            max={WORKSPACE_SEATS.max}
            value={seats}
            onChange={(event) => setSeats(event.target.value)}
          />
        )}
      </Field>
      {plan.seatPrices.length > 1 && (
        <Field label={t('workspacePlan.buy.currency')}>
          {(control) => (
            <select
              {...control}
              value={priceId}
              onChange={(event) => setPriceId(event.target.value)}
            >
              {plan.seatPrices.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.currency.toUpperCase()}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {!invalid && (
        <p className="workspace-plan__total">
          {t('workspacePlan.buy.total', {
            amount: formatMoney(price.amount * count, price.currency, locale),
          })}
        </p>
      )}
      <Button
        type="submit"
        disabled={going || invalid !== undefined}
        aria-busy={going || undefined}
      >
        {going ? t('workspacePlan.buy.going') : t('workspacePlan.buy.submit', { count })}
      </Button>
      {error && <ProblemAlert title={t('workspacePlan.buy.failed')} error={error} />}
    </form>
  );
}
