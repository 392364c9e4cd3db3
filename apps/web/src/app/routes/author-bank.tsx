import { useParams } from 'react-router';
import { BankPage } from '../../features/authoring/components/bank-page';
import { WithAuthorTenant } from './author-tenant';
import './page.css';

export function Component() {
  const { bankId = '' } = useParams();
  return (
    <WithAuthorTenant resource={{ kind: 'banks', id: bankId }}>
      {(access) => <BankPage key={bankId} access={access} bankId={bankId} />}
    </WithAuthorTenant>
  );
}
