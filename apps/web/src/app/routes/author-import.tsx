import { useSearchParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { ImportPage } from '../../features/authoring/import/import-page';
import { WithAuthorTenant } from './author-tenant';
import './page.css';

export function Component() {
  const [params] = useSearchParams();
  const bankId = params.get('bank');
  if (!bankId) return <NotFound />;
  return (
    <WithAuthorTenant resource={{ kind: 'banks', id: bankId }}>
      {(access) => <ImportPage key={bankId} access={access} bankId={bankId} />}
    </WithAuthorTenant>
  );
}
