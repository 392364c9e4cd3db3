import { discountAmount } from '../../model/discounts';
import { initialMetadata } from '../../model/metadata';
import type {
  CheckoutSessionObject,
  CouponObject,
  CustomerObject,
  LineItemObject,
  Metadata,
  PriceObject,
  ProductObject,
  PromotionCodeObject,
} from '../../model/objects';
import { chargeOutcome } from '../../model/test-cards';
import { DAY } from '../../model/time';
import type { Ledger, RequestInfo } from '../../store/ledger';
import type { FieldFilter, StoredObject } from '../../store/object.repository';
import { invalidRequest, resourceMissing } from '../../wire/errors';
import { ID_PREFIX, newId, randomToken } from '../../wire/ids';
import type { PageParams } from '../../wire/list';
import { attachCard, readCardForm } from '../billing/cards';
import { startSubscription } from '../billing/subscription-lifecycle';
import { findPromotionCode, promotionCodeProblem } from '../discounts/discount.service';
import { retrieveData, type ServiceKit } from '../service-kit';

export interface CheckoutInput {
  price: string;
  quantity: number;
  customer?: string | undefined;
  customerEmail?: string | undefined;
  clientReferenceId?: string | undefined;
  successUrl: string;
  cancelUrl?: string | undefined;
  allowPromotionCodes?: boolean | undefined;
  discount?: { coupon?: string | undefined; promotionCode?: string | undefined } | undefined;
  trialPeriodDays?: number | undefined;
  trialEnd?: number | undefined;
  subscriptionMetadata?: Metadata | null | undefined;
  subscriptionDescription?: string | undefined;
  metadata?: Metadata | null | undefined;
  expiresAt?: number | undefined;
  locale?: string | undefined;
}

/** What the sandbox keeps about a session beside its public fields. */
export interface SessionInternal {
  price: string;
  quantity: number;
  trialDays: number | null;
  trialEnd: number | null;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  coupon: string | null;
  promotionCode: string | null;
  /** `expires_at` on the sandbox's clock: it is what expires the session. */
  expiresAtSandbox: number;
  lineItems: { object: 'list'; data: LineItemObject[]; has_more: false; url: string };
}

type Session = StoredObject<CheckoutSessionObject, SessionInternal>;

/** What the hosted page was given; card number and CVC are never shown back. */
export interface CheckoutForm {
  email: string;
  name: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  promotionCode: string;
}

export type FieldErrors = Partial<Record<keyof CheckoutForm, string>>;

export type CompletionResult =
  | { state: 'complete'; redirect: string }
  | { state: 'invalid'; errors: FieldErrors; declined?: string }
  | { state: 'closed' };

const MIN_EXPIRY = 30 * 60;
const MAX_EXPIRY = DAY;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whatever a checkout needs to show its price, for the API and the hosted page alike. */
export interface CheckoutSummary {
  session: CheckoutSessionObject;
  internal: SessionInternal;
  price: PriceObject;
  product: ProductObject;
  coupon: CouponObject | undefined;
  promotionCode: PromotionCodeObject | undefined;
  /** The customer's email when it is already known, so the page need not ask. */
  knownEmail: string | null;
}

async function expireSession(ledger: Ledger, session: Session): Promise<void> {
  session.data.status = 'expired';
  session.data.url = null;
  session.dueAt = null;
  await ledger.save(session);
  ledger.emit('checkout.session.expired', session.data);
}

export function createCheckoutService({ work, objects, context }: ServiceKit) {
  const loadCoupon = async (ledger: Ledger, id: string | null) =>
    id ? (await ledger.repositories.objects.find<CouponObject>(id))?.data : undefined;

  async function summary(ledger: Ledger, session: Session): Promise<CheckoutSummary> {
    const { internal } = session;
    const price = (await ledger.repositories.objects.find<PriceObject>(internal.price))!.data;
    const product = (await ledger.repositories.objects.find<ProductObject>(price.product))!.data;
    const customer = session.data.customer
      ? (await ledger.repositories.objects.find<CustomerObject>(session.data.customer))?.data
      : undefined;
    return {
      session: session.data,
      internal,
      price,
      product,
      coupon: await loadCoupon(ledger, internal.coupon),
      promotionCode: internal.promotionCode
        ? (await ledger.repositories.objects.find<PromotionCodeObject>(internal.promotionCode))
            ?.data
        : undefined,
      knownEmail: session.data.customer_email ?? customer?.email ?? null,
    };
  }

  return {
    create(input: CheckoutInput, request: RequestInfo) {
      if (input.customer && input.customerEmail) {
        throw invalidRequest(
          'You may only specify one of these parameters: customer, customer_email.',
          {
            code: 'parameters_exclusive',
            param: 'customer_email',
          },
        );
      }
      if (input.allowPromotionCodes && input.discount) {
        throw invalidRequest(
          'You may only specify one of these parameters: allow_promotion_codes, discounts.',
          { code: 'parameters_exclusive', param: 'discounts' },
        );
      }
      return work(request, async (ledger) => {
        // Callers compute `expires_at` from their own clock, as they would for Stripe, so it is
        // checked against real time; the sandbox clock's offset moves only when it expires.
        const at = Math.floor(Date.now() / 1000);
        const offset = (await ledger.now(null)) - at;
        const price = await ledger.require<PriceObject>(
          input.price,
          'price',
          'price',
          'line_items[0][price]',
        );
        if (!price.data.active) {
          throw invalidRequest(
            `The price specified is inactive. This field only accepts active prices.`,
            {
              param: 'line_items[0][price]',
            },
          );
        }
        if (!price.data.recurring) {
          throw invalidRequest(
            'You must provide at least one recurring price in `subscription` mode when using prices.',
            { param: 'line_items[0][price]' },
          );
        }
        const product = await ledger.require<ProductObject>(
          price.data.product,
          'product',
          'product',
        );
        if (input.customer) {
          const customer = await ledger.get<CustomerObject>(input.customer, 'customer');
          if (!customer || customer.data.deleted)
            throw resourceMissing('customer', input.customer, 'customer');
        }
        const expiresAt = input.expiresAt ?? at + MAX_EXPIRY;
        if (expiresAt < at + MIN_EXPIRY || expiresAt > at + MAX_EXPIRY) {
          throw invalidRequest(
            'The `expires_at` timestamp must be between 30 minutes and 24 hours from the Checkout Session’s creation.',
            { param: 'expires_at' },
          );
        }
        if (input.trialEnd !== undefined && input.trialEnd < at + 2 * DAY) {
          throw invalidRequest(
            '`subscription_data[trial_end]` must be at least 2 days in the future.',
            {
              param: 'subscription_data[trial_end]',
            },
          );
        }

        let coupon: StoredObject<CouponObject> | undefined;
        let promotionCode: StoredObject<PromotionCodeObject> | undefined;
        if (input.discount?.promotionCode) {
          promotionCode = await ledger.require<PromotionCodeObject>(
            input.discount.promotionCode,
            'promotion_code',
            'promotion code',
            'discounts[0][promotion_code]',
          );
          const problem = await promotionCodeProblem(ledger, promotionCode.data, {
            customer: input.customer ?? null,
            amount: price.data.unit_amount * input.quantity,
            currency: price.data.currency,
            at,
          });
          if (problem) {
            throw invalidRequest(`This promotion code cannot be redeemed: ${problem}`, {
              param: 'discounts[0][promotion_code]',
            });
          }
          coupon = await ledger.get<CouponObject>(promotionCode.data.promotion.coupon, 'coupon');
        } else if (input.discount?.coupon) {
          coupon = await ledger.require<CouponObject>(
            input.discount.coupon,
            'coupon',
            'coupon',
            'discounts[0][coupon]',
          );
          if (!coupon.data.valid || coupon.data.deleted) {
            throw invalidRequest(`Coupon ${coupon.id} is no longer valid.`, {
              param: 'discounts[0][coupon]',
            });
          }
        }

        const trial = input.trialPeriodDays !== undefined || input.trialEnd !== undefined;
        const subtotal = trial ? 0 : price.data.unit_amount * input.quantity;
        const discountTotal = coupon
          ? discountAmount(coupon.data, subtotal, price.data.currency)
          : 0;
        const id = newId(ID_PREFIX.checkoutSession, 58);
        const lineItem: LineItemObject = {
          id: newId('li', 24),
          object: 'item',
          amount_discount: discountTotal,
          amount_subtotal: price.data.unit_amount * input.quantity,
          amount_tax: 0,
          amount_total: price.data.unit_amount * input.quantity - discountTotal,
          currency: price.data.currency,
          description: product.data.name,
          price: price.data,
          quantity: input.quantity,
        };
        const data: CheckoutSessionObject = {
          id,
          object: 'checkout.session',
          allow_promotion_codes: input.allowPromotionCodes ?? null,
          amount_subtotal: subtotal,
          amount_total: subtotal - discountTotal,
          cancel_url: input.cancelUrl ?? null,
          client_reference_id: input.clientReferenceId ?? null,
          created: at,
          currency: price.data.currency,
          customer: input.customer ?? null,
          customer_details: null,
          customer_email: input.customerEmail ?? null,
          discounts: coupon
            ? [
                {
                  coupon: promotionCode ? null : coupon.id,
                  promotion_code: promotionCode?.id ?? null,
                },
              ]
            : [],
          expires_at: expiresAt,
          invoice: null,
          livemode: false,
          locale: input.locale ?? null,
          metadata: initialMetadata(input.metadata),
          mode: 'subscription',
          payment_intent: null,
          payment_method_types: ['card'],
          payment_status: 'unpaid',
          status: 'open',
          subscription: null,
          success_url: input.successUrl,
          total_details: { amount_discount: discountTotal, amount_shipping: 0, amount_tax: 0 },
          ui_mode: 'hosted',
          url: `${context.publicBase}/checkout/${id}`,
        };
        await ledger.insert<CheckoutSessionObject, SessionInternal>({
          id,
          type: 'checkout.session',
          customer: input.customer ?? null,
          // Sessions run on the sandbox's own clock, which is what expires them.
          clock: null,
          dueAt: expiresAt + offset,
          data,
          internal: {
            price: price.id,
            quantity: input.quantity,
            trialDays: input.trialPeriodDays ?? null,
            trialEnd: input.trialEnd ?? null,
            subscriptionMetadata: initialMetadata(input.subscriptionMetadata),
            subscriptionDescription: input.subscriptionDescription ?? null,
            coupon: coupon?.id ?? null,
            promotionCode: promotionCode?.id ?? null,
            expiresAtSandbox: expiresAt + offset,
            lineItems: {
              object: 'list',
              data: [lineItem],
              has_more: false,
              url: `/v1/checkout/sessions/${id}/line_items`,
            },
          },
        });
        return data;
      });
    },

    retrieve: (id: string) =>
      retrieveData<CheckoutSessionObject>(objects, id, 'checkout.session', 'checkout.session'),

    async lineItems(id: string) {
      const found = await objects.find<CheckoutSessionObject, SessionInternal>(id);
      if (!found || found.type !== 'checkout.session')
        throw resourceMissing('checkout.session', id);
      return found.internal.lineItems;
    },

    list(
      filter: {
        customer?: string | undefined;
        subscription?: string | undefined;
        status?: string | undefined;
      },
      page: PageParams,
    ) {
      const where: FieldFilter = {};
      if (filter.customer) where.customer = filter.customer;
      if (filter.subscription) where.subscription = filter.subscription;
      if (filter.status) where.status = filter.status;
      return objects.list<CheckoutSessionObject>('checkout.session', { ...page, where });
    },

    expire(id: string, request: RequestInfo) {
      return work(request, async (ledger) => {
        const session = await ledger.require<CheckoutSessionObject, SessionInternal>(
          id,
          'checkout.session',
          'checkout.session',
        );
        if (session.data.status !== 'open') {
          throw invalidRequest(
            `Only Checkout Sessions with a status of \`open\` can be expired; this one is \`${session.data.status}\`.`,
            { param: 'session' },
          );
        }
        await expireSession(ledger, session);
        return session.data;
      });
    },

    /** The billing clock's handler: an open session past its `expires_at` expires. */
    async expireDue(ledger: Ledger, object: StoredObject, at: number) {
      const session = object as unknown as Session;
      if (session.data.status === 'open' && session.internal.expiresAtSandbox <= at) {
        await expireSession(ledger, session);
      } else {
        session.dueAt = null;
        await ledger.save(session);
      }
    },

    /** The session as its hosted page shows it, with the code a person typed applied if valid. */
    page(id: string, typedCode?: string) {
      return work(null, async (ledger) => {
        const session = await ledger.get<CheckoutSessionObject, SessionInternal>(
          id,
          'checkout.session',
        );
        if (!session) return undefined;
        const view = await summary(ledger, session);
        const now = await ledger.now(null);
        if (!typedCode?.trim()) return { view, now, codeError: undefined };
        const applied = await applyTypedCode(ledger, session, view, typedCode);
        return applied.error
          ? { view, now, codeError: applied.error }
          : {
              view: { ...view, coupon: applied.coupon, promotionCode: applied.promotionCode },
              now,
              codeError: undefined,
            };
      });
    },

    /**
     * Pays from the hosted page: checks the form and the card first and writes nothing when
     * either is refused, then makes the customer (if new), the payment method, the subscription
     * and its first invoice, and completes the session.
     */
    complete(id: string, form: CheckoutForm): Promise<CompletionResult> {
      return work(null, async (ledger) => {
        const session = await ledger.get<CheckoutSessionObject, SessionInternal>(
          id,
          'checkout.session',
        );
        const now = await ledger.now(null);
        if (
          !session ||
          session.data.status !== 'open' ||
          session.internal.expiresAtSandbox <= now
        ) {
          return { state: 'closed' };
        }
        const view = await summary(ledger, session);
        const { errors: cardErrors, card, expiry } = readCardForm(form, now);
        const email = (view.knownEmail ?? form.email).trim();
        const errors: FieldErrors = {
          ...(!view.knownEmail &&
            !EMAIL.test(email) && { email: 'Enter an email address such as name@example.com.' }),
          ...cardErrors,
        };

        let coupon = view.coupon && (await ledger.get<CouponObject>(view.coupon.id, 'coupon'));
        let promotionCode =
          view.promotionCode &&
          (await ledger.get<PromotionCodeObject>(view.promotionCode.id, 'promotion_code'));
        if (session.data.allow_promotion_codes && form.promotionCode.trim()) {
          const applied = await applyTypedCode(ledger, session, view, form.promotionCode);
          if (applied.error) errors.promotionCode = applied.error;
          else {
            promotionCode = await ledger.get<PromotionCodeObject>(
              applied.promotionCode!.id,
              'promotion_code',
            );
            coupon = await ledger.get<CouponObject>(applied.coupon!.id, 'coupon');
          }
        }
        if (Object.keys(errors).length > 0) return { state: 'invalid', errors };
        if (!card.ok) return { state: 'invalid', errors: {}, declined: card.message };
        const outcome = chargeOutcome(card.card.behaviour, true);
        if (!outcome.paid) return { state: 'invalid', errors: {}, declined: outcome.message };

        let customer: StoredObject<CustomerObject>;
        if (session.data.customer) {
          customer = await ledger.require<CustomerObject>(
            session.data.customer,
            'customer',
            'customer',
          );
        } else {
          const customerId = newId(ID_PREFIX.customer, 14);
          customer = await ledger.insert<CustomerObject>({
            id: customerId,
            type: 'customer',
            customer: customerId,
            data: {
              id: customerId,
              object: 'customer',
              address: null,
              balance: 0,
              created: now,
              currency: null,
              default_source: null,
              delinquent: false,
              description: null,
              discount: null,
              email,
              invoice_prefix: randomToken(8).toUpperCase(),
              invoice_settings: {
                custom_fields: null,
                default_payment_method: null,
                footer: null,
                rendering_options: null,
              },
              livemode: false,
              metadata: {},
              name: form.name.trim(),
              next_invoice_sequence: 1,
              phone: null,
              preferred_locales: [],
              shipping: null,
              tax_exempt: 'none',
              test_clock: null,
            },
          });
          ledger.emit('customer.created', customer.data);
        }
        const at = await ledger.now(customer.clock);
        const paymentMethod = await attachCard(ledger, customer, {
          card: card.card,
          last4: card.last4,
          fingerprint: card.fingerprint,
          expiry: expiry!,
          name: form.name.trim(),
          email,
          at,
        });

        const { internal } = session;
        const trialEnd =
          internal.trialEnd ?? (internal.trialDays !== null ? at + internal.trialDays * DAY : null);
        const { subscription, invoice } = await startSubscription(ledger, context, {
          customer,
          price: view.price,
          quantity: internal.quantity,
          paymentMethod,
          coupon: coupon ?? undefined,
          promotionCode: promotionCode ?? undefined,
          trialEnd,
          metadata: internal.subscriptionMetadata,
          description: internal.subscriptionDescription,
          checkoutSession: session.id,
          at,
        });

        const { data } = session;
        data.status = 'complete';
        data.payment_status = invoice.data.amount_paid > 0 ? 'paid' : 'no_payment_required';
        data.customer = customer.id;
        data.customer_details = { email, name: form.name.trim() };
        data.subscription = subscription.id;
        data.invoice = invoice.id;
        data.amount_subtotal = invoice.data.subtotal;
        data.amount_total = invoice.data.total;
        data.total_details.amount_discount = invoice.data.subtotal - invoice.data.total;
        data.discounts = coupon
          ? [
              {
                coupon: promotionCode ? null : coupon.id,
                promotion_code: promotionCode?.id ?? null,
              },
            ]
          : [];
        data.url = null;
        session.customer = customer.id;
        session.dueAt = null;
        await ledger.save(session);
        ledger.emit('checkout.session.completed', data);
        return {
          state: 'complete',
          redirect: data.success_url.replaceAll('{CHECKOUT_SESSION_ID}', data.id),
        };
      });
    },
  };

  async function applyTypedCode(
    ledger: Ledger,
    session: Session,
    view: CheckoutSummary,
    typed: string,
  ): Promise<{ error?: string; coupon?: CouponObject; promotionCode?: PromotionCodeObject }> {
    if (!session.data.allow_promotion_codes)
      return { error: 'This checkout takes no promotion codes.' };
    const found = await findPromotionCode(ledger, typed);
    if (!found) return { error: 'This code is invalid.' };
    const problem = await promotionCodeProblem(ledger, found.data, {
      customer: session.data.customer,
      amount: view.price.unit_amount * session.internal.quantity,
      currency: view.price.currency,
      at: await ledger.now(null),
    });
    if (problem) return { error: problem };
    const coupon = await loadCoupon(ledger, found.data.promotion.coupon);
    return { coupon, promotionCode: found.data };
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
