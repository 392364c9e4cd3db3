import { Forbidden } from '../../components/forbidden';
import { GradingPage } from '../../features/grading/components/grading-page';
import { WithAuthorTenant } from './author-tenant';
import './page.css';

export function Component() {
  return (
    <WithAuthorTenant>
      {(access) =>
        // Only the tenant's reviewers and authors grade; nothing is asked for anyone else.
        access.canGrade ? (
          <GradingPage
            key={access.membership.clientId}
            clientId={access.membership.clientId}
            clientName={access.membership.clientName}
          />
        ) : (
          <Forbidden />
        )
      }
    </WithAuthorTenant>
  );
}
