import type { BillingInterval, Subscription, SubscriptionStatus } from '@questa/contracts';

/*
 * How a subscription is read for people: the learner's own billing page and the admin's list of
 * subscribers both select these columns (from `billing_subscriptions as s`, with its plan `p` and
 * price `pr` left-joined) and turn the row into the contract's `Subscription` here.
 */

export const subscriptionColumns = [
  's.id',
  's.status',
  's.current_period_start as currentPeriodStart',
  's.current_period_end as currentPeriodEnd',
  's.cancel_at_period_end as cancelAtPeriodEnd',
  's.trial_end as trialEnd',
  's.started_at as startedAt',
  's.ended_at as endedAt',
  'p.id as planId',
  'p.name as planName',
  'pr.id as priceId',
  'pr.currency',
  'pr.interval',
  'pr.amount',
] as const;

export interface SubscriptionRow {
  id: string;
  status: SubscriptionStatus;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: string | null;
  startedAt: string;
  endedAt: string | null;
  planId: string | null;
  planName: string | null;
  priceId: string | null;
  currency: string | null;
  interval: BillingInterval | null;
  amount: number | string | null;
}

const iso = (value: string | null) => value && new Date(value).toISOString();

export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  plan: row.planId ? { id: row.planId, name: row.planName! } : null,
  price: row.priceId
    ? {
        id: row.priceId,
        currency: row.currency!,
        interval: row.interval!,
        // The driver may give a bigint column as text.
        amount: Number(row.amount),
      }
    : null,
  status: row.status,
  currentPeriodStart: iso(row.currentPeriodStart),
  currentPeriodEnd: iso(row.currentPeriodEnd),
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  trialEnd: iso(row.trialEnd),
  startedAt: new Date(row.startedAt).toISOString(),
  endedAt: iso(row.endedAt),
});
