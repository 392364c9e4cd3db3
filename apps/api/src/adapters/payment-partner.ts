import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { BillingInterval, PromotionDuration, RefundReason } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';

/*
 * The only code that speaks to the payment partner, through the official `stripe` SDK: Stripe
 * itself, or on embedded defaults the built-in sandbox, which speaks the same wire protocol. The
 * rest of the main API sees the partner's objects in the few fields it uses, never the SDK.
 *
 * Every call has a time limit; every POST carries an idempotency key derived from what it does
 * (the Questa row it is for), so a retry — by the SDK, by a double click, by another process —
 * is answered with the first result instead of doing it twice.
 */

/** Webhook timestamps older than this are refused, so a captured delivery cannot be replayed. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface PartnerSubscription {
  id: string;
  customerId: string;
  /** The partner's own status: trialing, active, past_due, canceled, unpaid, incomplete, … */
  status: string;
  /** The partner's price of the first item. */
  priceId: string | null;
  /** The first item, whose quantity is a workspace's seats. */
  itemId: string | null;
  quantity: number;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  startedAt: Date;
  endedAt: Date | null;
  metadata: Record<string, string>;
}

export interface PartnerCheckout {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
  subscriptionId: string | null;
  expiresAt: Date;
  metadata: Record<string, string>;
  /** The subscription it began, read in the same request, when the partner expanded it. */
  subscription?: PartnerSubscription | undefined;
}

export interface PartnerInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  number: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  currency: string;
  amountDue: number;
  amountPaid: number;
  attemptCount: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

export interface PartnerRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/** A verified webhook: what happened, and which partner object it is about. */
export interface PartnerEvent {
  id: string;
  type: string;
  createdAt: Date;
  objectType: string | null;
  objectId: string | null;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface PaymentPartner {
  /** The partner's customer for a learner, created the first time (one per learner, by key). */
  createCustomer(user: { id: string; email: string; displayName: string }): Promise<string>;
  /** The partner's customer for a workspace, which pays for its seats (one per workspace, by key). */
  createWorkspaceCustomer(workspace: {
    clientId: string;
    name: string;
    email: string;
  }): Promise<string>;
  createProduct(plan: { id: string; name: string; description: string }): Promise<string>;
  updateProduct(productId: string, plan: { name: string; description: string }): Promise<void>;
  createPrice(
    price: { id: string; currency: string; interval: BillingInterval; amount: number },
    productId: string,
  ): Promise<string>;
  archivePrice(partnerPriceId: string): Promise<void>;
  createPromotionCode(code: {
    id: string;
    code: string;
    percentOff: number | null;
    amountOff: number | null;
    currency: string | null;
    duration: PromotionDuration;
    durationMonths: number | null;
    maxRedemptions: number | null;
    expiresAt: Date | null;
  }): Promise<{ couponId: string; promotionCodeId: string }>;
  withdrawPromotionCode(partnerPromotionCodeId: string): Promise<void>;
  createCheckout(input: {
    checkoutId: string;
    userId: string;
    planId: string;
    customerId: string;
    partnerPriceId: string;
    trialDays: number;
    partnerPromotionCodeId: string | null;
    expiresAt: Date;
    successUrl: string;
    cancelUrl: string;
    /** The learner's language (a BCP 47 tag), which the hosted page speaks when it can. */
    locale?: string | undefined;
    /** Seats bought for a workspace: the line's quantity. */
    workspace?: { clientId: string; seats: number } | undefined;
  }): Promise<PartnerCheckout>;
  getCheckout(id: string): Promise<PartnerCheckout | undefined>;
  /** Closes an open checkout so it can no longer be paid. */
  expireCheckout(id: string): Promise<void>;
  createPortal(customerId: string, returnUrl: string, locale?: string): Promise<string>;
  getSubscription(id: string): Promise<PartnerSubscription | undefined>;
  /**
   * Sets the seats (the first item's quantity), prorated and invoiced at once. `changeId` names
   * this change, so a retry of it is not a second change.
   */
  changeSeats(input: {
    subscriptionId: string;
    itemId: string;
    seats: number;
    changeId: string;
  }): Promise<PartnerSubscription>;
  /** Ends the subscription when its period ends (true), or keeps it renewing (false). */
  cancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<PartnerSubscription>;
  listSubscriptions(customerId: string): Promise<PartnerSubscription[]>;
  getInvoice(id: string): Promise<PartnerInvoice | undefined>;
  createRefund(input: {
    refundId: string;
    paymentIntentId: string;
    amount: number;
    reason: RefundReason | null;
  }): Promise<PartnerRefund>;
  getRefund(id: string): Promise<PartnerRefund | undefined>;
  /** The event in a webhook whose signature and timestamp hold; WebhookSignatureError if not. */
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): PartnerEvent;
}

export interface PaymentPartnerOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls, e.g. the sandbox's `http://127.0.0.1:8080/payments`; unset: Stripe. */
  apiBase?: string | undefined;
  timeoutMs: number;
}

/**
 * Languages both of Stripe's hosted pages (Checkout and the billing portal) speak, by their plain
 * language tag; Stripe refuses a `locale` outside its list.
 */
const PARTNER_LANGUAGES = new Set(
  'bg cs da de el en es et fi fil fr hr hu id it ja ko lt lv ms mt nb nl pl pt ro ru sk sl sv th tr vi zh'.split(
    ' ',
  ),
);

type PageLocale = Stripe.Checkout.SessionCreateParams.Locale &
  Stripe.BillingPortal.SessionCreateParams.Locale;

/** The learner's language as Stripe's `locale`: its language, or `auto` (the browser's). */
export function partnerLocale(tag: string | undefined): PageLocale {
  const language = tag?.split('-')[0]?.toLowerCase();
  return language && PARTNER_LANGUAGES.has(language) ? (language as PageLocale) : 'auto';
}

export function createStripePartner(options: PaymentPartnerOptions): PaymentPartner {
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs,
    // One retry, with the same idempotency key, covers a dropped connection without doubling a
    // caller's wait beyond reason.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(options.apiBase && baseAddress(options.apiBase)),
  });

  const idempotent = (...parts: string[]) => ({ idempotencyKey: ['questa', ...parts].join('-') });

  async function missingAsUndefined<T>(read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        return undefined;
      }
      throw error;
    }
  }

  const partner: PaymentPartner = {
    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email, name: user.displayName, metadata: { questa_user_id: user.id } },
        idempotent('customer', user.id),
      );
      return customer.id;
    },

    async createWorkspaceCustomer(workspace) {
      const customer = await stripe.customers.create(
        {
          email: workspace.email,
          name: workspace.name,
          metadata: { questa_workspace_id: workspace.clientId },
        },
        idempotent('workspace-customer', workspace.clientId),
      );
      return customer.id;
    },

    async createProduct(plan) {
      const product = await stripe.products.create(
        {
          name: plan.name,
          ...(plan.description && { description: plan.description }),
          metadata: { questa_plan_id: plan.id },
        },
        idempotent('product', plan.id),
      );
      return product.id;
    },

    async updateProduct(productId, plan) {
      await stripe.products.update(
        productId,
        { name: plan.name, description: plan.description || '' },
        idempotent('product', productId, digest(plan.name, plan.description)),
      );
    },

    async createPrice(price, productId) {
      const created = await stripe.prices.create(
        {
          product: productId,
          currency: price.currency,
          unit_amount: price.amount,
          recurring: { interval: price.interval },
          metadata: { questa_price_id: price.id },
        },
        idempotent('price', price.id),
      );
      return created.id;
    },

    async archivePrice(partnerPriceId) {
      await stripe.prices.update(
        partnerPriceId,
        { active: false },
        idempotent('price-archive', partnerPriceId),
      );
    },

    async createPromotionCode(code) {
      const coupon = await stripe.coupons.create(
        {
          ...(code.percentOff !== null
            ? { percent_off: code.percentOff }
            : { amount_off: code.amountOff!, currency: code.currency! }),
          duration: code.duration,
          ...(code.durationMonths !== null && { duration_in_months: code.durationMonths }),
          metadata: { questa_promotion_code_id: code.id },
        },
        idempotent('coupon', code.id),
      );
      const promotion = await stripe.promotionCodes.create(
        {
          promotion: { type: 'coupon', coupon: coupon.id },
          code: code.code,
          ...(code.maxRedemptions !== null && { max_redemptions: code.maxRedemptions }),
          ...(code.expiresAt && { expires_at: seconds(code.expiresAt) }),
          metadata: { questa_promotion_code_id: code.id },
        },
        idempotent('promotion-code', code.id),
      );
      return { couponId: coupon.id, promotionCodeId: promotion.id };
    },

    async withdrawPromotionCode(partnerPromotionCodeId) {
      await stripe.promotionCodes.update(
        partnerPromotionCodeId,
        { active: false },
        idempotent('promotion-code-withdraw', partnerPromotionCodeId),
      );
    },

    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: input.partnerPriceId, quantity: input.workspace?.seats ?? 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: seconds(input.expiresAt),
          metadata: {
            questa_checkout_id: input.checkoutId,
            questa_user_id: input.userId,
            ...(input.workspace && { questa_workspace_id: input.workspace.clientId }),
          },
          locale: partnerLocale(input.locale),
          subscription_data: {
            metadata: { questa_user_id: input.userId, questa_plan_id: input.planId },
            ...(input.trialDays > 0 && { trial_period_days: input.trialDays }),
          },
          // A code typed on Questa's page is applied; otherwise the hosted page offers a field.
          ...(input.partnerPromotionCodeId
            ? { discounts: [{ promotion_code: input.partnerPromotionCodeId }] }
            : { allow_promotion_codes: true }),
        },
        idempotent('checkout', input.checkoutId),
      );
      return toCheckout(session);
    },

    // The subscription comes in the same request: a return from checkout needs both at once.
    getCheckout: async (id) =>
      mapped(
        await missingAsUndefined(() =>
          stripe.checkout.sessions.retrieve(id, { expand: ['subscription'] }),
        ),
        toCheckout,
      ),

    async expireCheckout(id) {
      await stripe.checkout.sessions.expire(id, {}, idempotent('checkout-expire', id));
    },

    async createPortal(customerId, returnUrl, locale) {
      // Portal sessions are short-lived: a repeat within the same minute gets the same session,
      // unless the learner changed the app's language in between.
      const minute = Math.floor(Date.now() / 60_000).toString();
      const pageLocale = partnerLocale(locale);
      const session = await stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl, locale: pageLocale },
        idempotent('portal', customerId, pageLocale, minute),
      );
      return session.url;
    },

    getSubscription: async (id) =>
      mapped(await missingAsUndefined(() => stripe.subscriptions.retrieve(id)), toSubscription),

    async changeSeats(input) {
      const subscription = await stripe.subscriptions.update(
        input.subscriptionId,
        {
          items: [{ id: input.itemId, quantity: input.seats }],
          // The owner saw the prorated amount before confirming: it is charged now, not later.
          proration_behavior: 'always_invoice',
        },
        idempotent('seats', input.subscriptionId, input.changeId),
      );
      return toSubscription(subscription);
    },

    async cancelAtPeriodEnd(subscriptionId, cancel) {
      const subscription = await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: cancel },
        idempotent('cancel-at-period-end', subscriptionId, String(cancel), minuteNow()),
      );
      return toSubscription(subscription);
    },

    async listSubscriptions(customerId) {
      const found: PartnerSubscription[] = [];
      for await (const subscription of stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
      })) {
        found.push(toSubscription(subscription));
      }
      return found;
    },

    getInvoice: async (id) =>
      mapped(
        await missingAsUndefined(() => stripe.invoices.retrieve(id, { expand: ['payments'] })),
        toInvoice,
      ),

    async createRefund(input) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amount,
          ...(input.reason && { reason: input.reason }),
          metadata: { questa_refund_id: input.refundId },
        },
        idempotent('refund', input.refundId),
      );
      return toRefund(refund);
    },

    getRefund: async (id) =>
      mapped(await missingAsUndefined(() => stripe.refunds.retrieve(id)), toRefund),

    verifyEvent(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('The webhook carries no signature.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'The webhook signature does not verify.',
        );
      }
      const object = event.data?.object as { id?: unknown; object?: unknown } | undefined;
      return {
        id: event.id,
        type: event.type,
        createdAt: new Date(event.created * 1000),
        objectType: typeof object?.object === 'string' ? object.object : null,
        objectId: typeof object?.id === 'string' ? object.id : null,
      };
    },
  };

  return guarded(partner);
}

/**
 * Wraps every call so that a partner that cannot be reached, times out, is overloaded or refuses
 * Questa's key becomes `unavailable` (503) with a sentence, and a request it refuses becomes
 * `validation.failed` with the partner's reason. Signature errors pass through untouched.
 */
function guarded(partner: PaymentPartner): PaymentPartner {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, method] of Object.entries(partner) as [
    string,
    (...a: unknown[]) => unknown,
  ][]) {
    wrapped[name] =
      name === 'verifyEvent'
        ? method
        : async (...args: unknown[]) => {
            try {
              return await method(...args);
            } catch (error) {
              throw asProblem(error);
            }
          };
  }
  return wrapped as unknown as PaymentPartner;
}

/** A key part that lets the same request again within a minute be one request, and later a new one. */
const minuteNow = () => Math.floor(Date.now() / 60_000).toString();

export function asProblem(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const refused =
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeCardError;
  if (refused && (error.statusCode ?? 400) < 500) {
    return Object.assign(
      new HttpProblem('validation.failed', {
        detail: `The payment partner refused this: ${error.message}`,
      }),
      { cause: error },
    );
  }
  return Object.assign(
    new HttpProblem('unavailable', {
      detail:
        'The payment partner is not answering, so nothing was charged or changed. Please try again in a minute.',
      retryAfter: 30,
    }),
    { cause: error },
  );
}

/** Stripe's SDK takes a host, port and protocol; a base with a path gets a client that adds it. */
function baseAddress(apiBase: string) {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  const prefix = url.pathname.replace(/\/+$/, '');
  const inner = Stripe.createNodeHttpClient();
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    ...(prefix && {
      httpClient: Object.assign(Object.create(inner) as typeof inner, {
        makeRequest: (
          host: string,
          port: string,
          path: string,
          ...rest: [string, Parameters<typeof inner.makeRequest>[4], string, string, number]
        ) => inner.makeRequest(host, port, `${prefix}${path}`, ...rest),
      }),
    }),
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const fromSeconds = (value: number | null | undefined) =>
  value === null || value === undefined ? null : new Date(value * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;
const digest = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 16);
const mapped = <T, U>(value: T | undefined, map: (value: T) => U) =>
  value === undefined ? undefined : map(value);

function toSubscription(subscription: Stripe.Subscription): PartnerSubscription {
  const item = subscription.items?.data?.[0];
  // The period moved from the subscription to its items in newer API versions; read either.
  const legacy = subscription as unknown as {
    current_period_start?: number;
    current_period_end?: number;
  };
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    priceId: idOf(item?.price) ?? null,
    itemId: item?.id ?? null,
    quantity: item?.quantity ?? 1,
    currentPeriodStart: fromSeconds(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: fromSeconds(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: fromSeconds(subscription.trial_end),
    startedAt: fromSeconds(subscription.start_date ?? subscription.created)!,
    endedAt: fromSeconds(subscription.ended_at),
    metadata: subscription.metadata ?? {},
  };
}

const checkoutStatuses = ['open', 'complete', 'expired'] as const;

function toCheckout(session: Stripe.Checkout.Session): PartnerCheckout {
  return {
    id: session.id,
    url: session.url ?? null,
    status: checkoutStatuses.find((status) => status === session.status) ?? 'open',
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    expiresAt: new Date(session.expires_at * 1000),
    metadata: session.metadata ?? {},
    subscription:
      typeof session.subscription === 'object' && session.subscription
        ? toSubscription(session.subscription)
        : undefined,
  };
}

const invoiceStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

function toInvoice(invoice: Stripe.Invoice): PartnerInvoice {
  const line = invoice.lines?.data?.[0];
  const paid = invoice.payments?.data?.find((payment) => payment.status === 'paid');
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return {
    id: invoice.id!,
    customerId: idOf(invoice.customer as string | { id: string } | null),
    subscriptionId:
      idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription),
    paymentIntentId: idOf(paid?.payment?.payment_intent),
    number: invoice.number ?? null,
    status: invoiceStatuses.find((status) => status === invoice.status) ?? 'draft',
    currency: invoice.currency,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    attemptCount: invoice.attempt_count ?? 0,
    periodStart: fromSeconds(line?.period?.start ?? invoice.period_start),
    periodEnd: fromSeconds(line?.period?.end ?? invoice.period_end),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    createdAt: new Date(invoice.created * 1000),
    paidAt: fromSeconds(invoice.status_transitions?.paid_at),
  };
}

function toRefund(refund: Stripe.Refund): PartnerRefund {
  const status = refund.status;
  return {
    id: refund.id,
    status:
      status === 'succeeded' || status === 'failed' || status === 'canceled' ? status : 'pending',
    amount: refund.amount,
    currency: refund.currency,
    metadata: refund.metadata ?? {},
  };
}
