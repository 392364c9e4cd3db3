import { useNavigation } from 'react-router';
import { useT } from '../../lib/i18n';

/** A thin bar at the top of the page while the next page's code or data loads. */
export function NavigationProgress() {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  if (!busy) return null;
  return (
    <div className="navigation-progress" role="progressbar" aria-label={t('loading.page')}>
      <span className="navigation-progress__bar" />
    </div>
  );
}
