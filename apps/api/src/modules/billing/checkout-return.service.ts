import type { BillingOverview } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { UserRow } from '../users/user.repository';
import type { BillingSync } from './billing-sync.service';
import type { CheckoutRepository } from './checkout.repository';
import type { PartnerReader } from './partner-reader';

/**
 * The learner's return from the partner's checkout. The success address carries the session the
 * learner just paid; rather than wait for the partner's webhooks, Questa reads that session (and
 * the subscription it began) from the partner and applies them as a webhook would, so premium
 * shows on the page the learner lands on. The webhooks that arrive later read the same objects
 * and find nothing new; arriving first, they leave this nothing to do. Either order ends alike.
 */
export function createCheckoutReturn(deps: {
  reader: Pick<PartnerReader, 'snapshot'>;
  unitOfWork: UnitOfWork;
  sync: Pick<BillingSync, 'apply'>;
  checkouts: Pick<CheckoutRepository, 'findByPartnerSession'>;
  overview: (user: UserRow) => Promise<BillingOverview>;
  /** Called after commit with the learners whose premium may have changed. */
  changed: (userIds: string[]) => void;
}) {
  return {
    async apply(user: UserRow, sessionId: string): Promise<BillingOverview> {
      const row = await deps.checkouts.findByPartnerSession(sessionId);
      // Someone else's session answers like one that does not exist: ids are not to be probed.
      if (!row || row.userId !== user.id) {
        throw new HttpProblem('not_found', {
          detail: 'You have no checkout with the payment partner under that id.',
        });
      }
      // Read with no transaction open: on the embedded database the partner needs the connection.
      const snapshot = await deps.reader.snapshot('checkout.session', sessionId);
      if (snapshot) {
        const applied = await deps.unitOfWork((work) =>
          deps.sync.apply(work, snapshot, 'checkout_return'),
        );
        deps.changed(applied.userIds);
      }
      return deps.overview(user);
    },
  };
}

export type CheckoutReturnService = ReturnType<typeof createCheckoutReturn>;
