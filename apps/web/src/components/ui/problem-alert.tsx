import type { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { AppLink } from './app-link';
import { Button } from './button';
import { problemMessage, problemNeedsPremium } from './problem-message';
import './problem-alert.css';

/** A failed request, said in one plain sentence with a next step, and a retry when it can help. */
export function ProblemAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: ApiError;
  onRetry?: () => void;
}) {
  const t = useT();
  return (
    <div className="problem-alert" role="alert">
      <p className="problem-alert__title">{title}</p>
      <p>{problemMessage(t, error)}</p>
      {problemNeedsPremium(error) && (
        <p>
          <AppLink href="/billing" className="problem-alert__link">
            {t('problem.action.seePlans')}
          </AppLink>
        </p>
      )}
      {error.requestId && (
        <p className="problem-alert__request-id">{t('error.requestId', { id: error.requestId })}</p>
      )}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      )}
    </div>
  );
}
