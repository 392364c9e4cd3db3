import type {
  CustomerObject,
  InvoiceObject,
  PaymentMethodObject,
  PortalSessionObject,
  PriceObject,
  ProductObject,
  SubscriptionObject,
} from '../../model/objects';
import type { Ledger, RequestInfo } from '../../store/ledger';
import type { StoredObject } from '../../store/object.repository';
import { invalidRequest, resourceMissing } from '../../wire/errors';
import { ID_PREFIX, newId } from '../../wire/ids';
import type { InvoiceInternal, SubscriptionInternal } from '../billing/billing-context';
import { attachTypedCard, type CardForm, type CardFormErrors } from '../billing/cards';
import { changePrice } from '../billing/plan-change';
import { collect, setCancelAtPeriodEnd } from '../billing/subscription-lifecycle';
import type { ServiceKit } from '../service-kit';

/** A portal link works for an hour after it is made. */
const SESSION_LIFETIME_MS = 60 * 60 * 1000;

interface PortalInternal {
  expiresAtMs: number;
}

export interface PlanChoice {
  price: PriceObject;
  product: ProductObject;
}

export interface PortalView {
  session: PortalSessionObject;
  customer: CustomerObject;
  subscriptions: SubscriptionObject[];
  products: Record<string, ProductObject>;
  paymentMethod: PaymentMethodObject | undefined;
  invoices: InvoiceObject[];
  /** Other prices a subscription may move to: active, recurring, in its currency. */
  plans: PlanChoice[];
  now: number;
}

export type PortalAction = 'cancel' | 'resume' | 'plan';

export function createPortalService({ work, context }: ServiceKit) {
  async function openSession(ledger: Ledger, id: string) {
    const session = await ledger.get<PortalSessionObject, PortalInternal>(
      id,
      'billing_portal.session',
    );
    if (!session) return undefined;
    if (Date.now() > session.internal.expiresAtMs) return 'expired' as const;
    return session;
  }

  async function ownSubscription(ledger: Ledger, session: PortalSessionObject, id: string) {
    const subscription = await ledger.get<SubscriptionObject, SubscriptionInternal>(
      id,
      'subscription',
    );
    if (!subscription || subscription.data.customer !== session.customer) {
      throw resourceMissing('subscription', id);
    }
    return subscription;
  }

  // Runs inside the page's unit of work, so it reads through that transaction's repository: on
  // the embedded database another read would wait for the connection the transaction holds.
  async function plans(ledger: Ledger, currency: string): Promise<PlanChoice[]> {
    const { objects } = ledger.repositories;
    const { data: prices } = await objects.list<PriceObject>('price', {
      where: { active: true, type: 'recurring', currency },
      limit: 100,
    });
    const choices: PlanChoice[] = [];
    for (const price of prices) {
      const product = (await objects.find<ProductObject>(price.product))?.data;
      if (product?.active) choices.push({ price, product });
    }
    return choices.sort((a, b) => a.price.unit_amount - b.price.unit_amount);
  }

  return {
    create(
      input: {
        customer: string;
        returnUrl?: string | undefined;
        configuration?: string | undefined;
        locale?: string | undefined;
      },
      request: RequestInfo,
    ) {
      return work(request, async (ledger) => {
        const customer = await ledger.get<CustomerObject>(input.customer, 'customer');
        if (!customer || customer.data.deleted)
          throw resourceMissing('customer', input.customer, 'customer');
        const id = newId(ID_PREFIX.portalSession);
        const data: PortalSessionObject = {
          id,
          object: 'billing_portal.session',
          configuration: input.configuration ?? 'bpc_sandbox_default',
          created: await ledger.now(customer.clock),
          customer: customer.id,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: input.locale ?? null,
          on_behalf_of: null,
          return_url: input.returnUrl ?? null,
          url: `${context.publicBase}/portal/${id}`,
        };
        await ledger.insert<PortalSessionObject, PortalInternal>({
          id,
          type: 'billing_portal.session',
          customer: customer.id,
          data,
          internal: { expiresAtMs: Date.now() + SESSION_LIFETIME_MS },
        });
        return data;
      });
    },

    page(id: string): Promise<PortalView | 'expired' | undefined> {
      return work(null, async (ledger) => {
        const session = await openSession(ledger, id);
        if (!session || session === 'expired') return session;
        const customer = await ledger.require<CustomerObject>(
          session.data.customer,
          'customer',
          'customer',
        );
        const { objects } = ledger.repositories;
        const { data: subscriptions } = await objects.list<SubscriptionObject>('subscription', {
          customer: customer.id,
          limit: 10,
        });
        const products: Record<string, ProductObject> = {};
        for (const subscription of subscriptions) {
          for (const item of subscription.items.data) {
            const product = await objects.find<ProductObject>(item.price.product);
            if (product) products[product.id] = product.data;
          }
        }
        const methodId =
          customer.data.invoice_settings.default_payment_method ??
          subscriptions.find((subscription) => subscription.default_payment_method)
            ?.default_payment_method;
        const paymentMethod = methodId
          ? (await objects.find<PaymentMethodObject>(methodId))?.data
          : undefined;
        const { data: invoices } = await objects.list<InvoiceObject>('invoice', {
          customer: customer.id,
          limit: 12,
        });
        const current = subscriptions.find((subscription) =>
          ['active', 'trialing', 'past_due'].includes(subscription.status),
        );
        return {
          session: session.data,
          customer: customer.data,
          subscriptions,
          products,
          paymentMethod,
          invoices,
          plans: current ? await plans(ledger, current.currency) : [],
          now: await ledger.now(customer.clock),
        };
      });
    },

    /** Cancel at the period's end, resume (undo that), or move to another price. */
    act(id: string, subscriptionId: string, action: PortalAction, priceId?: string) {
      return work(null, async (ledger) => {
        const session = await openSession(ledger, id);
        if (!session || session === 'expired') return session;
        const subscription = await ownSubscription(ledger, session.data, subscriptionId);
        const at = await ledger.now(subscription.clock);
        if (!['active', 'trialing', 'past_due'].includes(subscription.data.status)) {
          throw invalidRequest('This subscription has ended.');
        }
        if (action === 'plan') {
          const price = priceId ? await ledger.get<PriceObject>(priceId, 'price') : undefined;
          if (!price?.data.active || !price.data.recurring)
            throw resourceMissing('price', priceId ?? '');
          await changePrice(ledger, context, subscription, {
            itemId: subscription.data.items.data[0]!.id,
            price: price.data,
            quantity: subscription.data.items.data[0]!.quantity,
            prorationBehavior: 'create_prorations',
            anchorNow: false,
            prorationDate: at,
            at,
          });
        } else {
          await setCancelAtPeriodEnd(ledger, context, subscription, {
            cancel: action === 'cancel',
            at,
          });
        }
        return 'done' as const;
      });
    },

    /**
     * A new card becomes the default for the customer and its subscriptions; an invoice left
     * unpaid by a declined renewal is paid with it at once, the customer being present.
     */
    updateCard(
      id: string,
      form: CardForm,
    ): Promise<
      | 'expired'
      | undefined
      | { errors: CardFormErrors; declined?: string | undefined; done: boolean }
    > {
      return work(null, async (ledger) => {
        const session = await openSession(ledger, id);
        if (!session || session === 'expired') return session;
        const customer = await ledger.require<CustomerObject>(
          session.data.customer,
          'customer',
          'customer',
        );
        const attached = await attachTypedCard(ledger, customer, form);
        if (!attached.paymentMethod) {
          return { errors: attached.errors, declined: attached.declined, done: false };
        }
        const { data: subscriptions } = await ledger.repositories.objects.list<SubscriptionObject>(
          'subscription',
          {
            customer: customer.id,
            where: { status: ['active', 'trialing', 'past_due'] },
            limit: 100,
          },
        );
        let declined: string | undefined;
        for (const { id: subscriptionId } of subscriptions) {
          const subscription = (await ledger.get<SubscriptionObject, SubscriptionInternal>(
            subscriptionId,
            'subscription',
          ))!;
          const before = structuredClone(subscription.data);
          subscription.data.default_payment_method = attached.paymentMethod.id;
          await ledger.save(subscription);
          ledger.emitChange('customer.subscription.updated', before, subscription.data);
          const open = subscription.internal.openInvoice
            ? await ledger.get<InvoiceObject, InvoiceInternal>(
                subscription.internal.openInvoice,
                'invoice',
              )
            : undefined;
          if (open?.data.status === 'open') {
            const outcome = await collect(
              ledger,
              context,
              subscription as StoredObject<SubscriptionObject, SubscriptionInternal>,
              open,
              {
                at: await ledger.now(subscription.clock),
                onSession: true,
                paymentMethod: attached.paymentMethod,
              },
            );
            if (!outcome.paid) declined = outcome.message;
          }
        }
        return { errors: {}, declined, done: declined === undefined };
      });
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
