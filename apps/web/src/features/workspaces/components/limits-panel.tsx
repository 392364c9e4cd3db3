import { ProblemAlert } from '../../../components/ui/problem-alert';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useLimits } from '../api/get-limits';

/** What the workspace may hold, how much it holds, and how to get more. */
export function LimitsPanel({ clientId }: { clientId: string }) {
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
  const raised = limits.data.limits.some((limit) => limit.raised);
  return (
    <>
      <p>{raised ? t('workspaces.limits.raisedIntro') : t('workspaces.limits.freeIntro')}</p>
      <ul className="workspace-limits">
        {limits.data.limits.map((limit) => (
          <li key={limit.kind}>
            <p className="workspace-limits__label">
              {t(`workspaces.limits.${limit.kind}`, { used: limit.used, max: limit.max })}
            </p>
            <ProgressBar
              value={Math.min(limit.used, limit.max)}
              max={limit.max}
              label={t(`workspaces.limits.${limit.kind}`, { used: limit.used, max: limit.max })}
            />
            <p className="field__hint">{t(`workspaces.limits.${limit.kind}Hint`)}</p>
          </li>
        ))}
      </ul>
      <p>{t('workspaces.limits.raise')}</p>
    </>
  );
}
