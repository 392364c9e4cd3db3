import { Forbidden } from '../../components/forbidden';
import { ApiKeysPage } from '../../features/authoring/api-keys/api-keys-page';
import { WithAuthorTenant } from './author-tenant';
import './page.css';

export function Component() {
  return (
    <WithAuthorTenant>
      {(access) =>
        // Not even a request for keys is made for someone who may not manage them.
        access.canManageKeys ? (
          <ApiKeysPage key={access.membership.clientId} access={access} />
        ) : (
          <Forbidden />
        )
      }
    </WithAuthorTenant>
  );
}
