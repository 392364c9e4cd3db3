import { randomUUID } from 'node:crypto';
import {
  BILLING_RETURN,
  type BillingOverview,
  type Checkout,
  type CheckoutCreate,
  type Invoice,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { PaymentPartner } from '../../adapters/payment-partner';
import type { AuditRepository } from '../audit/audit.repository';
import type { EntitlementService } from '../entitlements/entitlements';
import type { UserRepository, UserRow } from '../users/user.repository';
import type { CheckoutRepository, CheckoutRow } from './checkout.repository';
import type { PlanService } from './plan.service';
import type { InvoiceRow, SubscriptionRepository } from './subscription.repository';

const publicCheckout = (row: CheckoutRow): Checkout => ({
  id: row.id,
  planId: row.planId,
  priceId: row.priceId,
  // A claim still waiting for the partner is, to the learner, a checkout about to open.
  status: row.status === 'creating' ? 'open' : row.status,
  url: row.url,
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
});

export const publicInvoice = ({
  userId: _user,
  partnerPaymentIntentId: _payment,
  ...invoice
}: InvoiceRow): Invoice => invoice;

const notFound = (what: string) => new HttpProblem('not_found', { detail: `You have no ${what}.` });

/**
 * What a learner does on `/billing`: start a checkout at the partner's hosted page, open the
 * partner's portal to manage a subscription, read invoices. A learner reaches only their own:
 * anyone else's subscription or invoice answers like one that does not exist.
 */
export function createCheckoutService(deps: {
  partner: PaymentPartner;
  plans: PlanService;
  checkouts: CheckoutRepository;
  subscriptions: SubscriptionRepository;
  users: Pick<UserRepository, 'findById'>;
  entitlements: Pick<EntitlementService, 'billingOf'>;
  audit: AuditRepository;
  publicUrl: string;
  checkoutExpiryMinutes: number;
  /** Called when a learner's pending checkout appears or goes, so cached sessions are dropped. */
  changed: (userIds: string[]) => void;
}) {
  const { partner, checkouts } = deps;
  const back = (path: string) => `${deps.publicUrl}${path}`;

  async function customerOf(user: UserRow) {
    const known = await checkouts.customerOf(user.id);
    if (known) return known;
    return checkouts.saveCustomer(user.id, await partner.createCustomer(user));
  }

  /**
   * An open checkout that no longer fits what the learner asks for (another price or code, or
   * about to expire) is expired at the partner and closed here, making way for a new one.
   */
  async function supersede(row: CheckoutRow) {
    if (row.partnerSessionId) {
      const session = await partner.getCheckout(row.partnerSessionId);
      if (session?.status === 'open') {
        // Paid or expired a moment ago: either way it is closed, which is all this wants.
        await partner.expireCheckout(row.partnerSessionId).catch((error: unknown) => {
          if (!(error instanceof HttpProblem && error.code === 'validation.failed')) throw error;
        });
      }
    }
    await checkouts.close(row.id, 'expired');
  }

  const fits = (row: CheckoutRow, priceId: string, promotionCodeId: string | null) =>
    row.priceId === priceId &&
    row.promotionCodeId === promotionCodeId &&
    Date.parse(row.expiresAt) > Date.now() + 60_000;

  return {
    async overview(user: UserRow): Promise<BillingOverview> {
      // Read afresh: this page is where a learner checks what a payment just changed.
      const fresh = (await deps.users.findById(user.id)) ?? user;
      const current = await deps.subscriptions.currentForUser(user.id);
      const pending = await checkouts.pending(user.id);
      const subscription = current
        ? (({ userId: _u, partnerCustomerId: _c, ...view }) => view)(current)
        : null;
      return {
        billing: deps.entitlements.billingOf(fresh),
        subscription,
        pendingCheckout: pending ? publicCheckout(pending) : null,
      };
    },

    /**
     * Starts (or rejoins) the learner's checkout of a price. Everything the partner must create
     * first — the customer, the plan's product and price — is created before anything is
     * written here, and the checkout is claimed before the partner is asked for a session: a
     * double click shares one claim and, through its idempotency key, one session.
     */
    async start(user: UserRow, input: CheckoutCreate, requestIp: string): Promise<Checkout> {
      if (await deps.subscriptions.hasRunning(user.id)) {
        throw new HttpProblem('validation.failed', {
          detail:
            'You already have a subscription. Change or cancel it from “Manage subscription”.',
          errors: [{ field: 'priceId', message: 'you already subscribe' }],
        });
      }
      const { plan, price, partnerPriceId } = await deps.plans.priceForCheckout(input.priceId);
      const code = input.promotionCode ? await deps.plans.redeemable(input.promotionCode) : null;
      if (code?.discount.type === 'amount' && code.discount.currency !== price.currency) {
        throw new HttpProblem('validation.failed', {
          detail: `This promotion code takes an amount off in ${code.discount.currency.toUpperCase()} and cannot apply to a price in ${price.currency.toUpperCase()}.`,
          errors: [{ field: 'promotionCode', message: 'is for another currency' }],
        });
      }
      const customerId = await customerOf(user);

      const claimFor = () =>
        checkouts.claim({
          id: randomUUID(),
          userId: user.id,
          planId: plan.id,
          priceId: price.id,
          promotionCodeId: code?.id ?? null,
          expiresAt: new Date(Date.now() + deps.checkoutExpiryMinutes * 60_000),
        });
      let { checkout, claimed } = await claimFor();
      if (checkout.status === 'open' && !fits(checkout, price.id, code?.id ?? null)) {
        await supersede(checkout);
        ({ checkout, claimed } = await claimFor());
      }
      if (checkout.status === 'open') return publicCheckout(checkout);

      let session;
      try {
        session = await partner.createCheckout({
          checkoutId: checkout.id,
          userId: user.id,
          planId: plan.id,
          customerId,
          partnerPriceId,
          trialDays: plan.trialDays,
          partnerPromotionCodeId: code?.partnerPromotionCodeId ?? null,
          expiresAt: new Date(checkout.expiresAt),
          successUrl: back(BILLING_RETURN.success),
          cancelUrl: back(BILLING_RETURN.canceled),
          locale: input.locale,
        });
      } catch (error) {
        // Nothing stays behind for a checkout the partner never opened.
        if (claimed) await checkouts.release(checkout.id);
        throw error;
      }
      await checkouts.markOpen(checkout.id, session);
      if (claimed) {
        await deps.audit.record({
          action: 'checkout.started',
          actor: user.sub,
          target: `checkout/${checkout.id}`,
          ip: requestIp,
          details: { planId: plan.id, priceId: price.id, promotionCode: code?.code ?? null },
        });
        deps.changed([user.id]);
      }
      return publicCheckout((await checkouts.find(checkout.id))!);
    },

    /** The partner's portal for the learner's own subscription: card, plan, cancellation, invoices. */
    async portal(user: UserRow, subscriptionId: string, locale?: string) {
      const subscription = await deps.subscriptions.findForUser(subscriptionId, user.id);
      if (!subscription) throw notFound('such subscription');
      return {
        url: await partner.createPortal(
          subscription.partnerCustomerId,
          back(BILLING_RETURN.portal),
          locale,
        ),
      };
    },

    async invoices(user: UserRow) {
      return { invoices: (await deps.subscriptions.invoicesForUser(user.id)).map(publicInvoice) };
    },

    async invoice(user: UserRow, invoiceId: string) {
      const invoice = await deps.subscriptions.invoiceForUser(invoiceId, user.id);
      if (!invoice) throw notFound('such invoice');
      return publicInvoice(invoice);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
