import { useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { JoinPage } from '../../features/classes/components/join-page';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const { classCode = '' } = useParams();
  return (
    <div className="page">
      <PageTitle title={t('classes.joinPageTitle')} />
      <JoinPage code={classCode} />
    </div>
  );
}
