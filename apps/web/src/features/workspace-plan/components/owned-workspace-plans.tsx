import type { Membership } from '@questa/contracts';
import './workspace-plan.css';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

/** For owners on the billing page: each workspace they own, with the way to its plan. */
export function OwnedWorkspacePlans({ memberships }: { memberships: readonly Membership[] }) {
  const t = useT();
  const owned = memberships.filter((membership) => membership.role === 'owner');
  if (owned.length === 0) return null;
  return (
    <section className="workspace-plan__section" aria-labelledby="owned-workspace-plans">
      <h2 id="owned-workspace-plans">{t('workspacePlan.owned.title')}</h2>
      <p className="workspace-plan__note">{t('workspacePlan.owned.intro')}</p>
      <ul className="workspace-plan__links">
        {owned.map((membership) => (
          <li key={membership.clientId}>
            <Link to={`/workspaces/${membership.clientId}/plan`}>
              {t('workspacePlan.owned.link', { workspace: membership.clientName })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
