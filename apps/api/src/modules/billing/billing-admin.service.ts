import { randomUUID } from 'node:crypto';
import type { LearnerBilling, Refund, RefundCreate, SubscriberDetail } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { PaymentPartner } from '../../adapters/payment-partner';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { EntitlementService } from '../entitlements/entitlements';
import type { UserRepository } from '../users/user.repository';
import type { BillingReportRepository, SubscriberFilter } from './billing-report.repository';
import type { CheckoutRepository } from './checkout.repository';
import { publicInvoice } from './checkout.service';
import type { Actor } from './plan.service';
import type { SubscriptionRepository } from './subscription.repository';

/** What admins do with subscribers: read them and their history, refund, read revenue. */
export function createBillingAdminService(deps: {
  partner: PaymentPartner;
  unitOfWork: UnitOfWork;
  subscriptions: SubscriptionRepository;
  checkouts: CheckoutRepository;
  reports: BillingReportRepository;
  users: Pick<UserRepository, 'findById'>;
  entitlements: Pick<EntitlementService, 'billingOf'>;
}) {
  const { subscriptions } = deps;

  async function detail(subscriptionId: string): Promise<SubscriberDetail | undefined> {
    const subscription = await subscriptions.find(subscriptionId);
    if (!subscription) return undefined;
    const user = await deps.users.findById(subscription.userId);
    const history = await subscriptions.history([subscriptionId]);
    const { userId, partnerCustomerId: _customer, ...view } = subscription;
    return {
      ...view,
      user: {
        id: userId,
        email: user?.email ?? '',
        displayName: user?.displayName ?? '',
      },
      history: history.map(({ subscriptionId: _id, ...change }) => change),
    };
  }

  return {
    subscribers: (query: SubscriberFilter) => deps.reports.subscribers(query),

    async subscriber(subscriptionId: string) {
      const found = await detail(subscriptionId);
      if (!found) throw new HttpProblem('not_found', { detail: 'There is no such subscription.' });
      return found;
    },

    async learner(userId: string): Promise<LearnerBilling> {
      const user = await deps.users.findById(userId);
      if (!user) throw new HttpProblem('not_found', { detail: 'There is no such user.' });
      const own = await subscriptions.listForUser(userId);
      return {
        user: { id: user.id, email: user.email, displayName: user.displayName },
        billing: deps.entitlements.billingOf(user),
        subscriptions: (await Promise.all(own.map((s) => detail(s.id)))).filter(
          (s) => s !== undefined,
        ),
        invoices: (await subscriptions.invoicesForUser(userId)).map(publicInvoice),
        refunds: await subscriptions.refundsForUser(userId),
        checkouts: (await deps.checkouts.listForUser(userId)).map((row) => ({
          id: row.id,
          planId: row.planId,
          priceId: row.priceId,
          status: row.status === 'creating' ? 'open' : row.status,
          url: row.url,
          expiresAt: row.expiresAt,
          createdAt: row.createdAt,
        })),
      };
    },

    /**
     * Refunds all or part of a paid invoice. The amount is claimed under the invoice's lock
     * first, so two admins (or a double click) cannot refund the same money twice; the partner
     * is asked with no transaction open, under a key derived from the claim.
     */
    async refund(actor: Actor, invoiceId: string, input: RefundCreate): Promise<Refund> {
      const invoice = await subscriptions.findInvoice(invoiceId);
      if (!invoice) throw new HttpProblem('not_found', { detail: 'There is no such invoice.' });
      if (invoice.status !== 'paid' || !invoice.partnerPaymentIntentId) {
        throw new HttpProblem('validation.failed', {
          detail: 'Only a paid invoice can be refunded, and this one is not paid.',
          errors: [{ field: 'invoiceId', message: 'is not paid' }],
        });
      }
      const id = randomUUID();
      const claim = await deps.unitOfWork((work) =>
        work.subscriptions.claimRefund({
          id,
          invoiceId,
          amount: input.amount,
          reason: input.reason ?? null,
          createdBy: actor.sub,
        }),
      );
      if ('remaining' in claim) {
        throw new HttpProblem('validation.failed', {
          detail:
            claim.remaining > 0
              ? `At most ${claim.remaining} (in the currency’s minor unit) is left to refund on this invoice.`
              : 'This invoice has been refunded in full already.',
          errors: [{ field: 'amount', message: `must be at most ${claim.remaining}` }],
        });
      }
      let refunded;
      try {
        refunded = await deps.partner.createRefund({
          refundId: id,
          paymentIntentId: invoice.partnerPaymentIntentId,
          amount: claim.amount,
          reason: input.reason ?? null,
        });
      } catch (error) {
        await subscriptions.releaseRefund(id);
        throw error;
      }
      await deps.unitOfWork(async (work) => {
        await work.subscriptions.setRefund(id, {
          partnerRefundId: refunded.id,
          status: refunded.status,
        });
        await work.audit.record({
          action: 'refund.created',
          actor: actor.sub,
          target: `invoice/${invoiceId}`,
          ip: actor.ip,
          details: {
            refundId: id,
            userId: invoice.userId,
            amount: claim.amount,
            currency: claim.currency,
            reason: input.reason ?? null,
            full: claim.amount === invoice.amountPaid,
          },
        });
      });
      return (await subscriptions.findRefund(id))!;
    },

    revenue: (months: number) => deps.reports.revenue(months),
  };
}

export type BillingAdminService = ReturnType<typeof createBillingAdminService>;
