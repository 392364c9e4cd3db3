import { useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { WorkspacePlanPage } from '../../features/workspace-plan/components/workspace-plan-page';
import { useT } from '../../lib/i18n';
import './page.css';

/** `/workspaces/:clientId/plan`: what a workspace pays for, for its owners. */
export function Component() {
  const t = useT();
  const { clientId = '' } = useParams();
  return (
    <div className="page">
      <PageTitle title={t('workspacePlan.title')} />
      <header className="page__header">
        <h1>{t('workspacePlan.title')}</h1>
        <p className="page__intro">{t('workspacePlan.intro')}</p>
      </header>
      <WorkspacePlanPage clientId={clientId} />
    </div>
  );
}
