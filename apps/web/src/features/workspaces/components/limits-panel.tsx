import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useLimits } from '../api/get-limits';

/**
 * What the workspace may hold, how much it holds, and how to get more: owners buy seats on the
 * workspace plan; everyone else is told to ask an owner.
 */
export function LimitsPanel({ clientId, canBuySeats }: { clientId: string; canBuySeats: boolean }) {
  const t = useT();
  const limits = useLimits(clientId);
  if (limits.status === 'pending') return <Skeleton height="4rem" />;
  if (limits.status === 'error') {
    return (
      <ProblemAlert
        title={t('workspaces.limits.loadFailed')}
        error={limits.error}
        onRetry={limits.retry}
      />
    );
  }
  const sources = new Set(limits.data.limits.map((limit) => limit.source));
  const intro = sources.has('override')
    ? 'workspaces.limits.raisedIntro'
    : sources.has('plan')
      ? 'workspaces.limits.paidIntro'
      : 'workspaces.limits.freeIntro';
  const planPath = `/workspaces/${encodeURIComponent(clientId)}/plan`;
  return (
    <>
      <p>{t(intro)}</p>
      <ul className="workspace-limits">
        {limits.data.limits.map((limit) => {
          const label = t(`workspaces.limits.${limit.kind}`, { used: limit.used, max: limit.max });
          const full = limit.used >= limit.max;
          return (
            <li key={limit.kind}>
              <p className="workspace-limits__label">{label}</p>
              <ProgressBar value={Math.min(limit.used, limit.max)} max={limit.max} label={label} />
              <p className="field__hint">{t(`workspaces.limits.${limit.kind}Hint`)}</p>
              {limit.kind === 'members' &&
                (canBuySeats ? (
                  <p>
                    <Link to={planPath} className={buttonClass(full ? 'primary' : 'secondary')}>
                      {sources.has('plan')
                        ? t('workspaces.limits.buyMoreSeats')
                        : t('workspaces.limits.buySeats')}
                    </Link>
                  </p>
                ) : (
                  <p>{t('workspaces.limits.askOwner')}</p>
                ))}
            </li>
          );
        })}
      </ul>
      <p>{t('workspaces.limits.raise')}</p>
    </>
  );
}
