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
import { DAY } from '../../model/time';
import type { Ledger, RequestInfo } from '../../store/ledger';
import type { FieldFilter, StoredObject } from '../../store/object.repository';
import { invalidRequest, resourceMissing } from '../../wire/errors';
import { ID_PREFIX, newId } from '../../wire/ids';
import type { PageParams } from '../../wire/list';
import { promotionCodeProblem } from '../discounts/discount.service';
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

/** A session may live from 30 minutes to 24 hours, as at Stripe. */
const MIN_EXPIRY = 30 * 60;
const MAX_EXPIRY = DAY;

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

async function expireSession(ledger: Ledger, session: Session): Promise<void> {
  session.data.status = 'expired';
  session.data.url = null;
  session.dueAt = null;
  await ledger.save(session);
  ledger.emit('checkout.session.expired', session.data);
}

export function createCheckoutService({ work, objects, context }: ServiceKit) {
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
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
