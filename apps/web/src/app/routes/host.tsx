import { useSearchParams } from 'react-router';
import { PremiumOffer } from '../../components/premium-offer';
import { PageTitle } from '../../components/ui/page-title';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { mayHost } from '../../features/auth/permissions';
import { HostStart } from '../../features/live/components/host-start';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const session = useSignedInSession();
  const [search] = useSearchParams();
  // `?class=…&workspace=…`: the room is that class's (from the class page's "Play live").
  const classId = search.get('class');
  const clientId = search.get('workspace');
  const forClass = classId && clientId ? { classId, clientId } : undefined;
  if (mayHost(session)) return <HostStart forClass={forClass} />;
  // Hosting is premium's (or a tenant author's): a learner without it learns how to get it.
  return (
    <div className="page">
      <PageTitle title={t('live.host.premiumTitle')} />
      <header className="page__header">
        <h1>{t('live.host.premiumTitle')}</h1>
        <p className="page__intro">{t('live.host.premiumIntro')}</p>
      </header>
      <PremiumOffer />
    </div>
  );
}
