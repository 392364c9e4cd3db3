import type { Plan, PlanPrice } from '@questa/contracts';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useI18n } from '../../../lib/i18n';
import { usePlans } from '../api/list-plans';
import { useUpdatePlan } from '../api/update-plan';
import { activePrices, priceLabel } from '../billing-format';
import '../../../components/ui/disclosure.css';
import { LoadingRows } from './loading-rows';
import { PlanForm } from './plan-form';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';

/** Plans on sale and withdrawn, what each unlocks and costs; new plans and changes to them. */
export function PlansPanel() {
  const { t } = useI18n();
  const id = useId();
  const plans = usePlans();
  const withdraw = useUpdatePlan();
  const [editing, setEditing] = useState<Plan | 'new'>();
  const [withdrawing, setWithdrawing] = useState<Plan>();
  const saved = useSavedNotice();

  const closeWithdraw = () => {
    setWithdrawing(undefined);
    withdraw.reset();
  };

  if (plans.status === 'pending') return <LoadingRows label={t('admin.plans.loading')} />;
  if (plans.status === 'error') {
    return (
      <ProblemAlert title={t('admin.plans.loadFailed')} error={plans.error} onRetry={plans.retry} />
    );
  }

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <div className="billing-heading">
        <h2 id={`${id}-title`}>{t('admin.tab.plans')}</h2>
        {editing === undefined && (
          <Button
            onClick={() => {
              saved.clear();
              setEditing('new');
            }}
          >
            {t('admin.plans.new')}
          </Button>
        )}
      </div>
      <SavedNotice notice={saved} />
      {editing !== undefined && (
        <PlanForm
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(plan, created) => {
            setEditing(undefined);
            saved.show(
              created
                ? t('admin.plans.created', { name: plan.name })
                : t('admin.plans.saved', { name: plan.name }),
            );
          }}
        />
      )}
      {plans.data.plans.length === 0 ? (
        <EmptyState title={t('admin.plans.empty')} />
      ) : (
        <ul className="billing-cards">
          {plans.data.plans.map((plan) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                busy={editing !== undefined}
                onEdit={() => {
                  saved.clear();
                  setEditing(plan);
                }}
                onWithdraw={() => {
                  saved.clear();
                  withdraw.reset();
                  setWithdrawing(plan);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={withdrawing !== undefined}
        title={t('admin.plans.confirmWithdraw', { name: withdrawing?.name ?? '' })}
        confirmLabel={t('admin.plans.withdraw')}
        busy={withdraw.status === 'pending'}
        error={withdraw.error}
        onCancel={closeWithdraw}
        onConfirm={async () => {
          if (!withdrawing) return;
          const outcome = await withdraw.mutate(withdrawing.id, { active: false });
          if (!outcome.ok) return;
          closeWithdraw();
          saved.show(t('admin.plans.withdrawn', { name: outcome.data.name }));
        }}
      >
        <p>{t('admin.plans.confirmWithdrawBody')}</p>
      </ConfirmDialog>
    </section>
  );
}

function PlanCard({
  plan,
  busy,
  onEdit,
  onWithdraw,
}: {
  plan: Plan;
  busy: boolean;
  onEdit: () => void;
  onWithdraw: () => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const byCurrency = (a: PlanPrice, b: PlanPrice) =>
    a.currency.localeCompare(b.currency) || a.interval.localeCompare(b.interval);
  const onSale = activePrices(plan.prices).sort(byCurrency);
  const earlier = plan.prices.filter((price) => !price.active);
  const { features } = plan;
  const unlocked = [
    features.premiumBanks && t('admin.plans.feature.premiumBanks'),
    features.unlimitedPractice && t('admin.plans.feature.unlimitedPractice'),
    features.exams && t('admin.plans.feature.exams'),
    features.detailedAnalytics && t('admin.plans.feature.detailedAnalytics'),
    features.hostLiveRooms && t('admin.plans.hostsUpTo', { count: features.livePlayerLimit ?? 0 }),
  ].filter((entry): entry is string => typeof entry === 'string');

  return (
    <article className="billing-card" aria-labelledby={`${id}-name`}>
      <div className="billing-card__head">
        <h3 id={`${id}-name`}>{plan.name}</h3>
        {plan.kind === 'free' ? (
          <Badge>{t('admin.plans.free')}</Badge>
        ) : plan.active ? (
          <Badge tone="success">{t('admin.plans.onSale')}</Badge>
        ) : (
          <Badge>{t('admin.plans.withdrawnBadge')}</Badge>
        )}
      </div>
      {plan.description && <p className="admin-secondary">{plan.description}</p>}
      <dl className="billing-facts">
        {plan.kind !== 'free' && (
          <>
            <dt>{t('admin.plans.prices')}</dt>
            <dd>
              {onSale.length === 0 ? (
                t('admin.plans.noPricesOnSale')
              ) : (
                <ul className="billing-inline-list">
                  {onSale.map((price) => (
                    <li key={price.id}>{priceLabel(t, locale, price)}</li>
                  ))}
                </ul>
              )}
            </dd>
            <dt>{t('admin.plans.trialDays')}</dt>
            <dd>
              {plan.trialDays > 0
                ? t('admin.plans.trialOf', { count: plan.trialDays })
                : t('admin.plans.noTrial')}
            </dd>
          </>
        )}
        <dt>{t('admin.plans.features')}</dt>
        <dd>
          {unlocked.length === 0 ? (
            t('admin.plans.freeAllowance')
          ) : (
            <ul className="billing-inline-list">
              {unlocked.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {earlier.length > 0 && (
        <details className="disclosure">
          <summary>{t('admin.plans.earlierPrices', { count: earlier.length })}</summary>
          <p className="admin-secondary">{t('admin.plans.earlierPricesNote')}</p>
          <ul className="billing-inline-list">
            {earlier.map((price) => (
              <li key={price.id}>{priceLabel(t, locale, price)}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="billing-card__actions">
        <Button
          variant="secondary"
          className="button--small"
          aria-label={t('admin.plans.editNamed', { name: plan.name })}
          disabled={busy}
          onClick={onEdit}
        >
          {t('admin.plans.edit')}
        </Button>
        {plan.kind !== 'free' && plan.active && (
          <Button
            variant="secondary"
            className="button--small"
            aria-label={t('admin.plans.withdrawNamed', { name: plan.name })}
            disabled={busy}
            onClick={onWithdraw}
          >
            {t('admin.plans.withdraw')}
          </Button>
        )}
      </div>
    </article>
  );
}
