import type { ReconcileReport } from '@questa/contracts';
import type { MailMessage, MailTransport } from '@questa/mail';
import type { PaymentPartner } from '../../adapters/payment-partner';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { AuditRepository } from '../audit/audit.repository';
import type { BillingSync, SubscriptionCorrection } from './billing-sync.service';
import type { CheckoutRepository } from './checkout.repository';
import type { NoticeKind, NoticeRepository } from './notice.repository';
import type { PartnerReader } from './partner-reader';
import type { SubscriptionRepository } from './subscription.repository';

const RECONCILE = 'reconcile';
const PAGE = 100;

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** An amount in the currency's minor unit, as a person reads it. */
function money(amount: number, currency: string) {
  const format = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Billing's periodic work, in every API process, one process at a time by a lease: compare every
 * customer's subscriptions with the partner's and correct what differs (a webhook lost, an
 * outage), close checkouts left to expire, announce yearly renewals, and send billing mail. An
 * admin may run the comparison at any time and reads what it corrected.
 */
export function createBillingJobs(deps: {
  partner: PaymentPartner;
  reader: PartnerReader;
  unitOfWork: UnitOfWork;
  sync: BillingSync;
  checkouts: CheckoutRepository;
  subscriptions: SubscriptionRepository;
  notices: NoticeRepository;
  audit: AuditRepository;
  /** Unset: billing mail waits in its table until a process that has a transport sends it. */
  mail: MailTransport | undefined;
  publicUrl: string;
  renewalNoticeDays: number;
  reconcileIntervalHours: number;
  changed: (userIds: string[]) => void;
  log: Log;
}) {
  const { log } = deps;
  const billingPage = `${deps.publicUrl}/billing`;

  function compose(kind: NoticeKind, details: Record<string, unknown>, to: string, name: string) {
    const hello = `Hello ${name},`;
    const message: Record<NoticeKind, () => MailMessage> = {
      payment_failed: () => ({
        to,
        subject: 'Your Questa payment did not go through',
        text: [
          hello,
          '',
          `We could not collect ${money(Number(details.amount), String(details.currency))} for your Questa subscription.`,
          'We will try again over the next days, and premium stays open meanwhile.',
          `To pay now or use another card, open ${billingPage} and choose “Manage subscription”.`,
        ].join('\n'),
      }),
      renewal_upcoming: () => ({
        to,
        subject: `Your Questa ${String(details.planName ?? 'subscription')} renews on ${day(String(details.renewsAt))}`,
        text: [
          hello,
          '',
          `Your yearly Questa ${String(details.planName ?? 'subscription')} renews on ${day(String(details.renewsAt))} for ${money(Number(details.amount), String(details.currency))}.`,
          'Nothing needs doing if that suits you.',
          `To change or cancel it before then, open ${billingPage} and choose “Manage subscription”.`,
        ].join('\n'),
      }),
    };
    return message[kind]();
  }

  async function sendNotices(): Promise<number> {
    if (!deps.mail) return 0;
    let sent = 0;
    for (;;) {
      const batch = await deps.notices.claimUnsent(20);
      for (const notice of batch) {
        try {
          await deps.mail.send(
            compose(notice.kind, notice.details, notice.email, notice.displayName),
          );
          await deps.notices.markSent(notice.id);
          sent += 1;
        } catch (error) {
          // Left claimed for a few minutes, then taken again; five tries in all.
          log.warn({ err: error, notice: notice.id }, 'billing mail could not be sent');
        }
      }
      if (batch.length < 20) return sent;
    }
  }

  let sending: Promise<unknown> | undefined;
  let sendAgain = false;
  /** Sends queued mail soon, without making the caller wait; one run at a time per process. */
  function kick() {
    if (sending) {
      sendAgain = true;
      return;
    }
    sending = sendNotices()
      .catch((error: unknown) => log.error({ err: error }, 'billing mail failed'))
      .finally(() => {
        sending = undefined;
        if (sendAgain) {
          sendAgain = false;
          kick();
        }
      });
  }

  async function reconcileSubscriptions(corrections: SubscriptionCorrection[]) {
    let checked = 0;
    let failed = 0;
    let after: string | undefined;
    for (;;) {
      const customers = await deps.checkouts.allCustomers(after, PAGE);
      for (const { customerId } of customers) {
        const readAt = new Date();
        let listed;
        try {
          listed = await deps.partner.listSubscriptions(customerId);
        } catch (error) {
          failed += 1;
          log.warn({ err: error, customerId }, 'reconcile could not read a customer');
          continue;
        }
        for (const subscription of listed) {
          checked += 1;
          const result = await deps.unitOfWork((work) =>
            deps.sync.applySubscription(work, { value: subscription, readAt }, 'reconcile'),
          );
          corrections.push(...result.corrections);
          deps.changed(result.userIds);
        }
      }
      if (customers.length < PAGE) return { checked, failed };
      after = customers.at(-1)!.userId;
    }
  }

  /** Checkouts past their expiry: read from the partner, expired there if still open, closed here. */
  async function closeOverdueCheckouts() {
    let expired = 0;
    let failed = 0;
    for (const checkout of await deps.checkouts.overdue(500)) {
      try {
        if (checkout.partnerSessionId) {
          let snapshot = await deps.reader.snapshot('checkout.session', checkout.partnerSessionId);
          if (snapshot?.kind === 'checkout' && snapshot.checkout.value.status === 'open') {
            await deps.partner.expireCheckout(checkout.partnerSessionId);
            snapshot = await deps.reader.snapshot('checkout.session', checkout.partnerSessionId);
          }
          if (snapshot) {
            const applied = await deps.unitOfWork((work) =>
              deps.sync.apply(work, snapshot, 'reconcile'),
            );
            deps.changed(applied.userIds);
            if (snapshot.kind === 'checkout' && snapshot.checkout.value.status === 'expired') {
              expired += 1;
            }
            continue;
          }
        }
        // Never opened at the partner (its process stopped mid-call), or gone there.
        if (await deps.checkouts.close(checkout.id, 'expired')) expired += 1;
        deps.changed([checkout.userId]);
      } catch (error) {
        failed += 1;
        log.warn({ err: error, checkout: checkout.id }, 'reconcile could not close a checkout');
      }
    }
    return { expired, failed };
  }

  async function announceRenewals() {
    for (const due of await deps.subscriptions.yearlyRenewalsDue(deps.renewalNoticeDays, 500)) {
      const renewsAt = new Date(due.currentPeriodEnd!).toISOString();
      await deps.unitOfWork(async (work) => {
        if (!(await work.subscriptions.markRenewalNoticed(due.id, renewsAt))) return;
        await work.notices.add({
          key: `renewal_upcoming:${due.id}:${renewsAt}`,
          userId: due.userId,
          kind: 'renewal_upcoming',
          details: {
            renewsAt,
            amount: Number(due.amount),
            currency: due.currency,
            planName: due.planName,
          },
        });
      });
    }
  }

  async function reconcile(trigger: ReconcileReport['trigger'], actor: string | null) {
    const startedAt = new Date().toISOString();
    const corrected: SubscriptionCorrection[] = [];
    const subscriptions = await reconcileSubscriptions(corrected);
    const checkouts = await closeOverdueCheckouts();
    await announceRenewals();
    await sendNotices();
    const report: ReconcileReport = {
      startedAt,
      finishedAt: new Date().toISOString(),
      trigger,
      checked: subscriptions.checked,
      corrected,
      expiredCheckouts: checkouts.expired,
      failed: subscriptions.failed + checkouts.failed,
    };
    await deps.audit.record({
      action: 'billing.reconciled',
      actor: actor ?? 'service:billing-reconcile',
      target: null,
      ip: null,
      details: {
        trigger,
        checked: report.checked,
        corrected: corrected.length,
        expiredCheckouts: report.expiredCheckouts,
        failed: report.failed,
      },
    });
    if (corrected.length > 0) {
      log.info(
        { corrected: corrected.length },
        'reconcile corrected subscriptions from the partner',
      );
    }
    return report;
  }

  /** The scheduled run, if it is due and no other process is at it. */
  async function runIfDue(): Promise<ReconcileReport | undefined> {
    if (deps.reconcileIntervalHours <= 0) return undefined;
    if (!(await deps.notices.leaseJob(RECONCILE, deps.reconcileIntervalHours))) return undefined;
    let report: ReconcileReport | undefined;
    try {
      report = await reconcile('schedule', null);
    } finally {
      await deps.notices.finishJob(RECONCILE, report);
    }
    return report;
  }

  return {
    sendNotices,
    kick,

    /** An admin's run: at once, whatever the schedule; its report becomes the latest. */
    async reconcileNow(actorSub: string): Promise<ReconcileReport> {
      const report = await reconcile('admin', actorSub);
      await deps.notices.saveReport(RECONCILE, report);
      return report;
    },

    lastReport: async () => (await deps.notices.lastReport(RECONCILE)) as ReconcileReport | null,

    runIfDue,

    /** Checks every `tickMs` whether the schedule is due, and sends mail left waiting. */
    start(tickMs: number) {
      const tick = async () => {
        try {
          await runIfDue();
          await sendNotices();
        } catch (error) {
          log.error({ err: error }, 'billing jobs failed');
        }
      };
      const timer = setInterval(() => void tick(), tickMs);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },
  };
}

export type BillingJobs = ReturnType<typeof createBillingJobs>;
