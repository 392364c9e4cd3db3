import type {
  CheckoutSessionObject,
  CouponObject,
  CustomerObject,
  PriceObject,
  ProductObject,
  PromotionCodeObject,
} from '../../model/objects';
import { chargeOutcome } from '../../model/test-cards';
import { DAY } from '../../model/time';
import type { Ledger } from '../../store/ledger';
import type { StoredObject } from '../../store/object.repository';
import { ID_PREFIX, newId, randomToken } from '../../wire/ids';
import { attachCard, readCardForm } from '../billing/cards';
import { startSubscription } from '../billing/subscription-lifecycle';
import { findPromotionCode, promotionCodeProblem } from '../discounts/discount.service';
import type { ServiceKit } from '../service-kit';
import type { SessionInternal } from './checkout.service';

type Session = StoredObject<CheckoutSessionObject, SessionInternal>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/** The hosted checkout page's side of a session: what it shows, and paying it. */
export function createHostedCheckoutService({ work, context }: ServiceKit) {
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

export type HostedCheckoutService = ReturnType<typeof createHostedCheckoutService>;
