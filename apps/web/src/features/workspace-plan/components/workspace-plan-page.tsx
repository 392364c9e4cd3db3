import type { WorkspacePlan } from '@questa/contracts';
import { CHECKOUT_SESSION_PARAM } from '@questa/contracts/rules';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { invalidateQueries, setQueryData } from '../../../lib/use-query';
import { useWorkspacePlan, workspacePlanQueryKey } from '../api/get-workspace-plan';
import { workspaceInvoicesQueryKey } from '../api/list-workspace-invoices';
import { returnFromSeatCheckout } from '../api/return-from-seat-checkout';
import { BuySeats } from './buy-seats';
import { SeatsPanel } from './seats-panel';
import { WorkspaceInvoices } from './workspace-invoices';
import './workspace-plan.css';

/**
 * The workspace plan, for its owners: the free plan and how to leave it, or the paid plan with
 * its seats; the workspace's invoices; and, on the way back from the partner's checkout, the
 * payment applied at once.
 */
export function WorkspacePlanPage({ clientId }: { clientId: string }) {
  const t = useT();
  const plan = useWorkspacePlan(clientId);
  const [search, setSearch] = useSearchParams();
  const returned = search.get('checkout');
  const sessionId = search.get(CHECKOUT_SESSION_PARAM);
  const [confirming, setConfirming] = useState(returned === 'success' && sessionId !== null);
  const [returnError, setReturnError] = useState<ApiError | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const asked = useRef(false);

  const show = (changed: WorkspacePlan) => {
    setQueryData(workspacePlanQueryKey(clientId), changed);
    void invalidateQueries(workspaceInvoicesQueryKey(clientId));
  };

  useEffect(() => {
    if (returned !== 'success' || !sessionId || asked.current) return;
    asked.current = true;
    returnFromSeatCheckout(clientId, sessionId)
      .then((changed) => {
        show(changed);
        setConfirmed(changed.kind === 'paid');
        // The address no longer names the session: a reload does not apply it again.
        setSearch({}, { replace: true });
      })
      .catch((caught: unknown) => setReturnError(toApiError(caught)))
      .finally(() => setConfirming(false));
    // Runs once per return; `show` and `setSearch` are stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId, returned, sessionId]);

  return (
    <div className="workspace-plan">
      {confirming && (
        <p role="status" className="workspace-plan__note">
          {t('workspacePlan.return.confirming')}
        </p>
      )}
      {confirmed && (
        <p role="status" className="workspace-plan__success">
          {t('workspacePlan.return.confirmed')}
        </p>
      )}
      {returned === 'canceled' && (
        <p role="status" className="workspace-plan__note">
          {t('workspacePlan.return.canceled')}
        </p>
      )}
      {returnError && <ProblemAlert title={t('workspacePlan.return.failed')} error={returnError} />}

      {plan.status === 'pending' && (
        <div aria-busy="true">
          <p role="status" className="visually-hidden">
            {t('workspacePlan.loading')}
          </p>
          <Skeleton height="10rem" />
        </div>
      )}
      {plan.status === 'error' && (
        <ProblemAlert
          title={t('workspacePlan.loadFailed')}
          error={plan.error}
          onRetry={plan.retry}
        />
      )}
      {plan.status === 'success' && plan.data.kind === 'paid' && (
        <SeatsPanel plan={plan.data} onChanged={show} />
      )}
      {plan.status === 'success' && plan.data.kind === 'free' && (
        <section className="workspace-plan__section" aria-labelledby="workspace-free-title">
          <h2 id="workspace-free-title">{t('workspacePlan.free.title')}</h2>
          <p className="workspace-plan__note">{t('workspacePlan.free.limits')}</p>
          <p className="workspace-plan__note">
            {t('workspacePlan.free.members', { count: plan.data.seatsUsed })}
          </p>
          {plan.data.pendingCheckout?.url && (
            <p className="workspace-plan__note">
              <a href={plan.data.pendingCheckout.url}>
                {t('workspacePlan.free.pending', { count: plan.data.pendingCheckout.seats })}
              </a>
            </p>
          )}
          <BuySeats plan={plan.data} />
        </section>
      )}
      {plan.status === 'success' && <WorkspaceInvoices clientId={clientId} />}
    </div>
  );
}
