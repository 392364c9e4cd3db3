import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * Test-only: a payment partner that speaks the part of Stripe's wire protocol the adapter uses
 * (form-encoded requests, idempotency keys, JSON objects and errors), so tests run the real SDK
 * and adapter against it. Tests move its state with the methods below, which return the events
 * Stripe would send; `signed` signs them as Stripe signs webhooks.
 */

type Obj = Record<string, unknown> & { id: string; object: string };
export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Obj };
}

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
const copy = <T>(value: T): T => structuredClone(value);

/** `a[b][0][c]=1` and friends, as Stripe's SDK encodes them, into nested objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const pair of text.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey!.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

export interface FakePartner {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every call received, in order: method, path and idempotency key. */
  calls: { method: string; path: string; idempotencyKey: string | undefined }[];
  objects: Map<string, Obj>;
  get(id: string): Obj;
  /** The learner pays at the hosted page: a subscription begins (trialing with a trial). */
  completeCheckout(sessionId: string): FakeEvent[];
  /** The hosted page is left until it expires. */
  expireCheckout(sessionId: string): FakeEvent[];
  /** The period ends and the partner charges again; a declined card leaves it past due. */
  renew(subscriptionId: string, options: { declined: boolean }): FakeEvent[];
  /** Another collection attempt on the open invoice fails. */
  retryFails(subscriptionId: string): FakeEvent[];
  /** The learner cancels in the portal: now, or at the period's end. */
  cancel(subscriptionId: string, options: { atPeriodEnd: boolean }): FakeEvent[];
  /** Any other change to a subscription, reported as Stripe reports an update. */
  update(subscriptionId: string, changes: Record<string, unknown>): FakeEvent[];
  /** Retries ran out: the partner cancels the subscription. */
  cancelForNonPayment(subscriptionId: string): FakeEvent[];
  /** A subscription for a customer Questa never created, as a dashboard user might. */
  strangerSubscription(): FakeEvent[];
  /** An event of a type Questa does not handle. */
  otherEvent(): FakeEvent;
  /** A change made at the partner that sends no event (one that was lost). */
  silentlyChange(subscriptionId: string, changes: Record<string, unknown>): void;
  /** While true, every call is answered 503, as the partner's API during an incident. */
  outage: boolean;
  /** The body and `Stripe-Signature` header of an event, signed with the webhook secret. */
  signed(
    event: FakeEvent,
    options?: { timestamp?: number; secret?: string },
  ): { payload: string; signature: string };
  close(): Promise<void>;
}

export async function startFakePartner(): Promise<FakePartner> {
  const secretKey = 'sk_test_questa_fake';
  const webhookSecret = 'whsec_questa_fake';
  const objects = new Map<string, Obj>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const calls: FakePartner['calls'] = [];
  let base = '';

  const put = (value: Obj) => {
    objects.set(value.id, value);
    return value;
  };
  const get = (id: string) => {
    const found = objects.get(id);
    if (!found) throw new Error(`The fake partner has no ${id}.`);
    return found;
  };
  const event = (type: string, object: Obj): FakeEvent => ({
    id: newId('evt'),
    object: 'event',
    type,
    created: now(),
    api_version: '2026-10-28.endive',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: copy(object) },
  });
  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });

  function itemOf(subscription: Obj) {
    return (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
  }

  function newInvoice(subscription: Obj, paid: boolean) {
    const item = itemOf(subscription);
    const price = item.price as Obj;
    const invoiceId = newId('in');
    const paymentIntent = newId('pi');
    return put({
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      number: `Q-${randomBytes(3).toString('hex').toUpperCase()}`,
      currency: price.currency,
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      attempt_count: 1,
      attempted: true,
      created: now(),
      hosted_invoice_url: `${base}/invoices/${invoiceId}`,
      invoice_pdf: `${base}/invoices/${invoiceId}.pdf`,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      lines: list(
        [
          {
            id: newId('il'),
            object: 'line_item',
            period: { start: item.current_period_start, end: item.current_period_end },
          } as Obj,
        ],
        `/v1/invoices/${invoiceId}/lines`,
      ),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      payments: list(
        [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            status: paid ? 'paid' : 'open',
            payment: { type: 'payment_intent', payment_intent: paymentIntent },
          } as Obj,
        ],
        `/v1/invoice_payments`,
      ),
      status_transitions: { paid_at: paid ? now() : null },
      metadata: {},
    });
  }

  const invoiceOfPayment = (paymentIntent: string) =>
    [...objects.values()].find(
      (o) =>
        o.object === 'invoice' &&
        (o.payments as { data: { payment: { payment_intent: string } }[] }).data.some(
          (payment) => payment.payment.payment_intent === paymentIntent,
        ),
    ) ?? get(paymentIntent);

  const routes: [string, RegExp, (match: string[], params: Record<string, unknown>) => unknown][] =
    [
      [
        'POST',
        /^\/v1\/customers$/,
        (_m, p) =>
          put({
            id: newId('cus'),
            object: 'customer',
            email: p.email,
            name: p.name,
            metadata: p.metadata ?? {},
          }),
      ],
      ['GET', /^\/v1\/customers\/([^/]+)$/, ([id]) => get(id!)],
      [
        'POST',
        /^\/v1\/products$/,
        (_m, p) =>
          put({
            id: newId('prod'),
            object: 'product',
            name: p.name,
            active: true,
            metadata: p.metadata ?? {},
          }),
      ],
      ['POST', /^\/v1\/products\/([^/]+)$/, ([id], p) => Object.assign(get(id!), p)],
      [
        'POST',
        /^\/v1\/prices$/,
        (_m, p) =>
          put({
            id: newId('price'),
            object: 'price',
            product: p.product,
            currency: p.currency,
            unit_amount: Number(p.unit_amount),
            recurring: p.recurring,
            active: true,
            metadata: p.metadata ?? {},
          }),
      ],
      [
        'POST',
        /^\/v1\/prices\/([^/]+)$/,
        ([id], p) => Object.assign(get(id!), { active: p.active !== 'false' }),
      ],
      ['POST', /^\/v1\/coupons$/, (_m, p) => put({ id: newId('coupon'), object: 'coupon', ...p })],
      [
        'POST',
        /^\/v1\/promotion_codes$/,
        (_m, p) =>
          put({
            id: newId('promo'),
            object: 'promotion_code',
            code: p.code,
            active: true,
            promotion: p.promotion,
            metadata: p.metadata ?? {},
          }),
      ],
      [
        'POST',
        /^\/v1\/promotion_codes\/([^/]+)$/,
        ([id], p) => Object.assign(get(id!), { active: p.active !== 'false' }),
      ],
      [
        'POST',
        /^\/v1\/checkout\/sessions$/,
        (_m, p) => {
          const id = newId('cs');
          return put({
            id,
            object: 'checkout.session',
            mode: 'subscription',
            status: 'open',
            url: `${base}/pay/${id}`,
            customer: p.customer,
            client_reference_id: p.client_reference_id,
            subscription: null,
            expires_at: Number(p.expires_at),
            metadata: p.metadata ?? {},
            line_items_input: p.line_items,
            subscription_data: p.subscription_data ?? {},
            discounts: p.discounts ?? [],
          });
        },
      ],
      ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, ([id]) => get(id!)],
      [
        'POST',
        /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
        ([id]) => {
          const session = get(id!);
          if (session.status !== 'open')
            throw Object.assign(new Error('Only open sessions expire.'), { status: 400 });
          return Object.assign(session, { status: 'expired', url: null });
        },
      ],
      [
        'POST',
        /^\/v1\/billing_portal\/sessions$/,
        (_m, p) =>
          put({
            id: newId('bps'),
            object: 'billing_portal.session',
            customer: p.customer,
            return_url: p.return_url,
            url: `${base}/portal/${String(p.customer)}`,
          }),
      ],
      ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ([id]) => get(id!)],
      [
        'GET',
        /^\/v1\/subscriptions$/,
        (_m, p) =>
          list(
            [...objects.values()].filter(
              (o) => o.object === 'subscription' && o.customer === p.customer,
            ),
            '/v1/subscriptions',
          ),
      ],
      ['GET', /^\/v1\/invoices\/([^/]+)$/, ([id]) => get(id!)],
      [
        'POST',
        /^\/v1\/refunds$/,
        (_m, p) =>
          put({
            id: newId('re'),
            object: 'refund',
            amount: Number(p.amount),
            currency: invoiceOfPayment(String(p.payment_intent)).currency,
            payment_intent: p.payment_intent,
            reason: p.reason ?? null,
            status: 'succeeded',
            metadata: p.metadata ?? {},
          }),
      ],
      ['GET', /^\/v1\/refunds\/([^/]+)$/, ([id]) => get(id!)],
    ];

  function respond(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method, path: url.pathname, idempotencyKey: key });
    if (fake.outage) {
      return respond(response, 503, {
        error: { type: 'api_error', message: 'The partner is having an incident.' },
      });
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return respond(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const replayKey = key && `${method} ${url.pathname} ${key}`;
    const replay = replayKey && replies.get(replayKey);
    if (replay) return respond(response, replay.status, replay.body);
    const params = parseForm(
      method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'),
    );
    for (const [routeMethod, pattern, run] of routes) {
      const match = routeMethod === method && pattern.exec(url.pathname);
      if (!match) continue;
      let status = 200;
      let body: unknown;
      try {
        body = copy(run(match.slice(1), params));
      } catch (error) {
        const missing = /has no/.test((error as Error).message);
        status = missing ? 404 : ((error as { status?: number }).status ?? 400);
        body = {
          error: {
            type: 'invalid_request_error',
            code: missing ? 'resource_missing' : undefined,
            message: (error as Error).message,
          },
        };
      }
      if (replayKey) replies.set(replayKey, { status, body });
      return respond(response, status, body);
    }
    respond(response, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname}).`,
      },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      respond(response, 500, { error: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stripe = new Stripe(secretKey);

  function changeSubscription(id: string, changes: Record<string, unknown>) {
    const subscription = get(id);
    Object.assign(subscription, changes);
    return subscription;
  }

  const fake: FakePartner = {
    url: base,
    secretKey,
    webhookSecret,
    calls,
    objects,
    get,
    outage: false,

    completeCheckout(sessionId) {
      const session = get(sessionId);
      const lineItems = session.line_items_input as { price: string }[];
      const price = get(lineItems[0]!.price);
      const data = session.subscription_data as {
        metadata?: Record<string, string>;
        trial_period_days?: string;
      };
      const trialDays = Number(data.trial_period_days ?? 0);
      const interval = (price.recurring as { interval: string }).interval;
      const start = now();
      const end =
        trialDays > 0 ? start + trialDays * DAY : start + (interval === 'year' ? 365 : 30) * DAY;
      const subscription = put({
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: trialDays > 0 ? 'trialing' : 'active',
        items: list(
          [
            {
              id: newId('si'),
              object: 'subscription_item',
              price: copy(price),
              current_period_start: start,
              current_period_end: end,
            } as Obj,
          ],
          '/v1/subscription_items',
        ),
        cancel_at_period_end: false,
        trial_end: trialDays > 0 ? end : null,
        start_date: start,
        created: start,
        ended_at: null,
        metadata: data.metadata ?? {},
      });
      Object.assign(session, { status: 'complete', subscription: subscription.id, url: null });
      const invoice = newInvoice(subscription, true);
      return [
        event('customer.subscription.created', subscription),
        event('invoice.paid', invoice),
        event('checkout.session.completed', session),
      ];
    },

    expireCheckout(sessionId) {
      const session = Object.assign(get(sessionId), { status: 'expired', url: null });
      return [event('checkout.session.expired', session)];
    },

    renew(subscriptionId, { declined }) {
      const subscription = get(subscriptionId);
      const item = itemOf(subscription);
      const interval = ((item.price as Obj).recurring as { interval: string }).interval;
      const start = Number(item.current_period_end);
      Object.assign(item, {
        current_period_start: start,
        current_period_end: start + (interval === 'year' ? 365 : 30) * DAY,
      });
      subscription.status = declined ? 'past_due' : 'active';
      subscription.trial_end = null;
      const invoice = newInvoice(subscription, !declined);
      return [
        event('customer.subscription.updated', subscription),
        event(declined ? 'invoice.payment_failed' : 'invoice.paid', invoice),
      ];
    },

    retryFails(subscriptionId) {
      const invoice = [...objects.values()]
        .filter(
          (o) =>
            o.object === 'invoice' &&
            o.status === 'open' &&
            (o.parent as { subscription_details: { subscription: string } }).subscription_details
              .subscription === subscriptionId,
        )
        .at(-1)!;
      invoice.attempt_count = Number(invoice.attempt_count) + 1;
      return [event('invoice.payment_failed', invoice)];
    },

    cancel(subscriptionId, { atPeriodEnd }) {
      const subscription = atPeriodEnd
        ? changeSubscription(subscriptionId, { cancel_at_period_end: true })
        : changeSubscription(subscriptionId, { status: 'canceled', ended_at: now() });
      return [
        event(
          atPeriodEnd ? 'customer.subscription.updated' : 'customer.subscription.deleted',
          subscription,
        ),
      ];
    },

    update(subscriptionId, changes) {
      return [event('customer.subscription.updated', changeSubscription(subscriptionId, changes))];
    },

    cancelForNonPayment(subscriptionId) {
      const subscription = changeSubscription(subscriptionId, {
        status: 'canceled',
        ended_at: now(),
      });
      return [event('customer.subscription.deleted', subscription)];
    },

    strangerSubscription() {
      const customer = put({
        id: newId('cus'),
        object: 'customer',
        email: 'stranger@example.test',
        metadata: {},
      });
      const subscription = put({
        id: newId('sub'),
        object: 'subscription',
        customer: customer.id,
        status: 'active',
        items: list([], '/v1/subscription_items'),
        cancel_at_period_end: false,
        trial_end: null,
        start_date: now(),
        created: now(),
        ended_at: null,
        metadata: {},
      });
      return [event('customer.subscription.created', subscription)];
    },

    otherEvent() {
      const charge = put({ id: newId('ch'), object: 'charge', amount: 100 });
      return event('charge.captured', charge);
    },

    silentlyChange(subscriptionId, changes) {
      changeSubscription(subscriptionId, changes);
    },

    signed(fakeEvent, options = {}) {
      const payload = JSON.stringify(fakeEvent);
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
      });
      return { payload, signature };
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
