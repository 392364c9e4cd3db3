import { discountEnd } from '../../model/discounts';
import { formatAmount } from '../../model/money';
import type {
  CouponObject,
  CustomerObject,
  DiscountObject,
  PlanObject,
  PriceObject,
  ProductObject,
  PromotionCodeObject,
  SubscriptionItemObject,
  SubscriptionObject,
} from '../../model/objects';
import { prorate } from '../../model/proration';
import { DAY, periodEndAfter } from '../../model/time';
import type { Ledger } from '../../store/ledger';
import type { StoredObject } from '../../store/object.repository';
import { invalidRequest } from '../../wire/errors';
import { ID_PREFIX, newId } from '../../wire/ids';
import {
  MAX_PAYMENT_ATTEMPTS,
  RETRY_DELAYS_DAYS,
  TRIAL_NOTICE_SECONDS,
  monthsLater,
  type BillingContext,
  type LineDraft,
  type SubscriptionInternal,
} from './billing-context';
import {
  chargeablePaymentMethod,
  draftInvoice,
  issueInvoice,
  payInvoice,
  type Invoice,
  type PaymentMethod,
  type PaymentOutcome,
} from './invoices';

export type Subscription = StoredObject<SubscriptionObject, SubscriptionInternal>;
type Customer = StoredObject<CustomerObject>;

/** The legacy `plan` Stripe still embeds in subscription items, made from the price. */
export function planOf(price: PriceObject): PlanObject {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring!.interval,
    interval_count: price.recurring!.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export const firstItem = (subscription: SubscriptionObject) => subscription.items.data[0]!;

/** The current period, shared by all of a subscription's items. */
export function periodOf(subscription: SubscriptionObject) {
  const item = firstItem(subscription);
  return { start: item.current_period_start, end: item.current_period_end };
}

export const day = (at: number) => new Date(at * 1000).toISOString().slice(0, 10);

export async function productName(ledger: Ledger, price: PriceObject): Promise<string> {
  const product = await ledger.repositories.objects.find<ProductObject>(price.product);
  return product?.data.name ?? price.product;
}

export async function periodLine(
  ledger: Ledger,
  item: SubscriptionItemObject,
  period: { start: number; end: number },
): Promise<LineDraft> {
  const { price, quantity } = item;
  const name = await productName(ledger, price);
  return {
    description: `${quantity} × ${name} (at ${formatAmount(price.unit_amount, price.currency)} / ${price.recurring!.interval})`,
    amount: price.unit_amount * quantity,
    quantity,
    unitAmount: price.unit_amount,
    price: price.id,
    product: price.product,
    currency: price.currency,
    period,
    proration: false,
    subscriptionItem: item.id,
  };
}

/** After `attempts` failed payments so far, when the next one is tried; null when none is. */
export function nextAttemptAfter(attemptsSoFar: number, at: number): number | null {
  const attempt = attemptsSoFar + 1;
  if (attempt >= MAX_PAYMENT_ATTEMPTS) return null;
  return at + RETRY_DELAYS_DAYS[attempt - 1]! * DAY;
}

/**
 * When the billing clock must next look at the subscription: its period's or trial's end, a
 * payment retry, the upcoming-renewal and trial-ending notices. Renewals wait while a payment
 * is being retried; the retries end in payment or cancellation before the next period would.
 */
export function reschedule(context: BillingContext, subscription: Subscription): void {
  const { data, internal } = subscription;
  if (!['active', 'trialing', 'past_due'].includes(data.status)) {
    subscription.dueAt = null;
    return;
  }
  const { start, end } = periodOf(data);
  const times: number[] = [];
  if (data.status !== 'past_due' || data.cancel_at_period_end) times.push(end);
  if (data.status === 'past_due' && internal.retryAt) times.push(internal.retryAt);
  if (!data.cancel_at_period_end && data.status !== 'past_due') {
    const notice = end - context.upcomingNoticeDays * DAY;
    if (notice > start && internal.noticeSentFor !== end) times.push(notice);
  }
  if (data.status === 'trialing' && !internal.trialNoticeSent && data.trial_end !== null) {
    const notice = data.trial_end - TRIAL_NOTICE_SECONDS;
    if (notice > (data.trial_start ?? start)) times.push(notice);
  }
  subscription.dueAt = times.length > 0 ? Math.min(...times) : null;
}

export interface StartOptions {
  customer: Customer;
  price: PriceObject;
  quantity: number;
  paymentMethod: PaymentMethod;
  coupon?: StoredObject<CouponObject> | undefined;
  promotionCode?: StoredObject<PromotionCodeObject> | undefined;
  trialEnd: number | null;
  metadata: Record<string, string>;
  description: string | null;
  checkoutSession: string | null;
  at: number;
}

/**
 * A new subscription, as a completed checkout makes it: created `incomplete` (or `trialing`),
 * its first invoice issued and paid with the customer present, then `active`.
 */
export async function startSubscription(
  ledger: Ledger,
  context: BillingContext,
  options: StartOptions,
): Promise<{ subscription: Subscription; invoice: Invoice; outcome: PaymentOutcome }> {
  const { customer, price, at, trialEnd } = options;
  const id = newId(ID_PREFIX.subscription);
  const periodEnd = trialEnd ?? periodEndAfter(at, at, price.recurring!);
  const item: SubscriptionItemObject = {
    id: newId(ID_PREFIX.subscriptionItem),
    object: 'subscription_item',
    created: at,
    current_period_end: periodEnd,
    current_period_start: at,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity: options.quantity,
    subscription: id,
    tax_rates: [],
  };

  const discounts: string[] = [];
  if (options.coupon) {
    const coupon = options.coupon;
    const discountId = newId(ID_PREFIX.discount);
    await ledger.insert<DiscountObject>({
      id: discountId,
      type: 'discount',
      customer: customer.id,
      clock: customer.clock,
      data: {
        id: discountId,
        object: 'discount',
        checkout_session: options.checkoutSession,
        customer: customer.id,
        customer_account: null,
        end: discountEnd(coupon.data, monthsLater(at)),
        invoice: null,
        invoice_item: null,
        promotion_code: options.promotionCode?.id ?? null,
        source: { type: 'coupon', coupon: coupon.id },
        start: at,
        subscription: id,
        subscription_item: null,
      },
    });
    discounts.push(discountId);
    coupon.data.times_redeemed += 1;
    coupon.data.valid =
      coupon.data.max_redemptions === null ||
      coupon.data.times_redeemed < coupon.data.max_redemptions;
    await ledger.save(coupon);
    if (options.promotionCode) {
      options.promotionCode.data.times_redeemed += 1;
      await ledger.save(options.promotionCode);
    }
  }

  const subscription = await ledger.insert<SubscriptionObject, SubscriptionInternal>({
    id,
    type: 'subscription',
    customer: customer.id,
    clock: customer.clock,
    data: {
      id,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: periodEnd === trialEnd ? trialEnd : at,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: at,
      currency: price.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: options.paymentMethod.id,
      description: options.description,
      discounts,
      ended_at: null,
      items: {
        object: 'list',
        data: [item],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: options.metadata,
      pause_collection: null,
      pending_update: null,
      schedule: null,
      start_date: at,
      status: trialEnd ? 'trialing' : 'incomplete',
      test_clock: customer.clock,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? at : null,
    },
    internal: {},
  });
  ledger.emit('customer.subscription.created', subscription.data);

  const line = await periodLine(ledger, item, { start: at, end: periodEnd });
  const lines = trialEnd
    ? [
        {
          ...line,
          description: `Trial period for ${await productName(ledger, price)}`,
          amount: 0,
          unitAmount: 0,
        },
      ]
    : [line];
  const invoice = await issueInvoice(ledger, context, {
    customer,
    subscription,
    lines,
    reason: 'subscription_create',
    periodStart: at,
    periodEnd: at,
    at,
  });
  const before = structuredClone(subscription.data);
  let outcome: PaymentOutcome = { paid: true };
  if (invoice.data.status === 'open') {
    outcome = await payInvoice(ledger, context, invoice, {
      paymentMethod: options.paymentMethod,
      onSession: true,
      at,
      nextAttempt: null,
    });
  }
  if (outcome.paid && subscription.data.status === 'incomplete') {
    subscription.data.status = 'active';
  }
  reschedule(context, subscription);
  await ledger.save(subscription);
  ledger.emitChange('customer.subscription.updated', before, subscription.data);
  return { subscription, invoice, outcome };
}

/** Ends the subscription now; a prorated cancellation credits the unused time to the customer. */
export async function cancelNow(
  ledger: Ledger,
  subscription: Subscription,
  options: {
    at: number;
    reason: 'cancellation_requested' | 'payment_failed';
    prorate?: boolean;
    comment?: string | undefined;
    feedback?: string | undefined;
  },
): Promise<void> {
  const { data } = subscription;
  if (data.status === 'canceled') {
    throw invalidRequest(`No such subscription: '${subscription.id}' is already canceled.`, {
      code: 'resource_missing',
      status: 404,
    });
  }
  if (options.prorate && data.status === 'active') {
    const { start, end } = periodOf(data);
    const item = firstItem(data);
    const { credit } = prorate({
      oldAmount: item.price.unit_amount * item.quantity,
      newAmount: 0,
      start,
      end,
      at: options.at,
    });
    const customer = await ledger.get<CustomerObject>(data.customer, 'customer');
    if (customer && credit < 0) {
      const before = structuredClone(customer.data);
      customer.data.balance += credit;
      await ledger.save(customer);
      ledger.emitChange('customer.updated', before, customer.data);
    }
  }
  if (subscription.internal.openInvoice) {
    const invoice = await ledger.get<Invoice['data'], Invoice['internal']>(
      subscription.internal.openInvoice,
      'invoice',
    );
    if (invoice) {
      invoice.data.next_payment_attempt = null;
      await ledger.save(invoice);
    }
    subscription.internal.openInvoice = null;
    subscription.internal.retryAt = null;
  }
  data.status = 'canceled';
  data.canceled_at = data.canceled_at ?? options.at;
  data.ended_at = options.at;
  data.cancel_at = null;
  data.cancellation_details = {
    comment: options.comment ?? data.cancellation_details.comment,
    feedback: options.feedback ?? data.cancellation_details.feedback,
    reason: options.reason,
  };
  subscription.dueAt = null;
  await ledger.save(subscription);
  ledger.emit('customer.subscription.deleted', data);
}

/** Turns cancellation at the period's end on or off. */
export async function setCancelAtPeriodEnd(
  ledger: Ledger,
  context: BillingContext,
  subscription: Subscription,
  options: {
    cancel: boolean;
    at: number;
    comment?: string | undefined;
    feedback?: string | undefined;
    /** The subscription before the request began, when it changed other fields too. */
    before?: SubscriptionObject;
  },
): Promise<void> {
  const { data } = subscription;
  const before = options.before ?? structuredClone(data);
  data.cancel_at_period_end = options.cancel;
  data.cancel_at = options.cancel ? periodOf(data).end : null;
  data.canceled_at = options.cancel ? options.at : null;
  data.cancellation_details = options.cancel
    ? {
        comment: options.comment ?? null,
        feedback: options.feedback ?? null,
        reason: 'cancellation_requested',
      }
    : { comment: null, feedback: null, reason: null };
  reschedule(context, subscription);
  await ledger.save(subscription);
  ledger.emitChange('customer.subscription.updated', before, data);
}

/**
 * Charges an open invoice of the subscription and moves the subscription on: `active` when
 * paid, `past_due` with the next retry scheduled when declined, `canceled` when that was the
 * last attempt.
 */
export async function collect(
  ledger: Ledger,
  context: BillingContext,
  subscription: Subscription,
  invoice: Invoice,
  options: { at: number; onSession: boolean; paymentMethod?: PaymentMethod | undefined },
): Promise<PaymentOutcome> {
  const customer = await ledger.require<CustomerObject>(
    subscription.data.customer,
    'customer',
    'customer',
  );
  const paymentMethod =
    options.paymentMethod ??
    (await chargeablePaymentMethod(ledger, subscription.data, customer.data));
  const nextAttempt = nextAttemptAfter(invoice.data.attempt_count, options.at);
  const outcome = await payInvoice(ledger, context, invoice, {
    paymentMethod,
    onSession: options.onSession,
    at: options.at,
    nextAttempt,
  });
  const before = structuredClone(subscription.data);
  if (outcome.paid) {
    if (subscription.internal.openInvoice === invoice.id) {
      subscription.internal.openInvoice = null;
      subscription.internal.retryAt = null;
    }
    if (['past_due', 'incomplete'].includes(subscription.data.status)) {
      subscription.data.status = 'active';
    }
  } else if (subscription.data.status !== 'canceled') {
    if (nextAttempt === null) {
      await cancelNow(ledger, subscription, { at: options.at, reason: 'payment_failed' });
      return outcome;
    }
    subscription.data.status = 'past_due';
    subscription.internal.openInvoice = invoice.id;
    subscription.internal.retryAt = nextAttempt;
  }
  reschedule(context, subscription);
  await ledger.save(subscription);
  ledger.emitChange('customer.subscription.updated', before, subscription.data);
  return outcome;
}

/** Bills the next period (or the first after a trial) and charges it without the customer. */
async function renew(
  ledger: Ledger,
  context: BillingContext,
  subscription: Subscription,
  at: number,
): Promise<void> {
  const { data } = subscription;
  const before = structuredClone(data);
  const { start, end } = periodOf(data);
  const item = firstItem(data);
  const nextEnd = periodEndAfter(data.billing_cycle_anchor, end, item.price.recurring!);
  for (const each of data.items.data) {
    each.current_period_start = end;
    each.current_period_end = nextEnd;
  }
  if (data.status === 'trialing') data.status = 'active';
  const lines = [
    await periodLine(ledger, item, { start: end, end: nextEnd }),
    ...(subscription.internal.pendingLines ?? []),
  ];
  subscription.internal.pendingLines = [];
  const customer = await ledger.require<CustomerObject>(data.customer, 'customer', 'customer');
  const invoice = await issueInvoice(ledger, context, {
    customer,
    subscription,
    lines,
    reason: 'subscription_cycle',
    periodStart: start,
    periodEnd: end,
    at,
  });
  reschedule(context, subscription);
  await ledger.save(subscription);
  ledger.emitChange('customer.subscription.updated', before, data);
  if (invoice.data.status === 'open') {
    await collect(ledger, context, subscription, invoice, { at, onSession: false });
  }
}

/** The invoice the next renewal will make, as a draft without an id. */
export async function previewRenewal(
  ledger: Ledger,
  context: BillingContext,
  subscription: Subscription,
  at: number,
) {
  const { data } = subscription;
  const { start, end } = periodOf(data);
  const item = firstItem(data);
  const nextEnd = periodEndAfter(data.billing_cycle_anchor, end, item.price.recurring!);
  const customer = await ledger.require<CustomerObject>(data.customer, 'customer', 'customer');
  const { invoice } = await draftInvoice(ledger, context, {
    customer,
    subscription,
    lines: [
      await periodLine(ledger, item, { start: end, end: nextEnd }),
      ...(subscription.internal.pendingLines ?? []),
    ],
    reason: 'upcoming',
    periodStart: start,
    periodEnd: end,
    at: end,
  });
  invoice.created = at;
  invoice.next_payment_attempt = end;
  return invoice;
}

/** `invoice.upcoming`: a preview of the renewal's invoice, without an id, sent days before. */
async function announceRenewal(
  ledger: Ledger,
  context: BillingContext,
  subscription: Subscription,
  at: number,
): Promise<void> {
  ledger.emit('invoice.upcoming', await previewRenewal(ledger, context, subscription, at));
  subscription.internal.noticeSentFor = periodOf(subscription.data).end;
}

/**
 * Does what is due for the subscription at `at` (its `dueAt`): a payment retry, the end of its
 * period (renewal, the end of a trial, or cancellation), or a notice.
 */
export async function processDue(
  ledger: Ledger,
  context: BillingContext,
  subscription: Subscription,
  at: number,
): Promise<void> {
  const { data, internal } = subscription;
  const { end } = periodOf(data);
  if (data.status === 'past_due' && internal.openInvoice && (internal.retryAt ?? Infinity) <= at) {
    const invoice = await ledger.get<Invoice['data'], Invoice['internal']>(
      internal.openInvoice,
      'invoice',
    );
    if (invoice && invoice.data.status === 'open') {
      await collect(ledger, context, subscription, invoice, { at, onSession: false });
      return;
    }
    internal.openInvoice = null;
    internal.retryAt = null;
    data.status = 'active';
  }
  if (end <= at && (data.status !== 'past_due' || data.cancel_at_period_end)) {
    if (data.cancel_at_period_end) {
      await cancelNow(ledger, subscription, { at: end, reason: 'cancellation_requested' });
    } else {
      await renew(ledger, context, subscription, at);
    }
    return;
  }
  if (
    data.status === 'trialing' &&
    !internal.trialNoticeSent &&
    data.trial_end !== null &&
    data.trial_end - TRIAL_NOTICE_SECONDS <= at
  ) {
    internal.trialNoticeSent = true;
    ledger.emit('customer.subscription.trial_will_end', data);
  } else if (internal.noticeSentFor !== end && end - context.upcomingNoticeDays * DAY <= at) {
    await announceRenewal(ledger, context, subscription, at);
  }
  reschedule(context, subscription);
  await ledger.save(subscription);
}
