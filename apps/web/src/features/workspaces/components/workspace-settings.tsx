import type { Membership } from '@questa/contracts';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { rememberWorkspace } from '../../../lib/current-workspace';
import { useT } from '../../../lib/i18n';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { DeleteSection } from './delete-section';
import { LeaveSection } from './leave-section';
import { LimitsPanel } from './limits-panel';
import { MemberList } from './member-list';
import { RenameForm } from './rename-form';
import './workspaces.css';

/**
 * One workspace's settings: owners rename it, see its members, invite, hand ownership on and
 * delete it; anyone may leave it.
 */
export function WorkspaceSettings({
  membership,
  userSub,
  canManage,
  canDelete,
  canBuySeats,
  created,
}: {
  membership: Membership;
  userSub: string;
  /** `member:manage` in this workspace, as the policy answers it. */
  canManage: boolean;
  /** `tenant:delete`: its owners. */
  canDelete: boolean;
  /** `workspace_plan:manage`: buying seats is the owners' to decide. */
  canBuySeats: boolean;
  /** Just created: say so, and what comes next. */
  created: boolean;
}) {
  const t = useT();
  const { clientId } = membership;
  return (
    <div className="page">
      <PageTitle title={t('workspaces.settingsOf', { name: membership.clientName })} />
      <Link to="/workspaces" className="page__back">
        {t('workspaces.back')}
      </Link>
      <header className="page__header">
        <h1>{membership.clientName}</h1>
        <p className="page__intro">
          {t('workspaces.yourRole', { role: t(`tenantRole.${membership.role}`) })}{' '}
          <Link
            to={`/author?tenant=${encodeURIComponent(clientId)}`}
            onClick={() => rememberWorkspace(clientId)}
          >
            {t('workspaces.openInStudio')}
          </Link>
        </p>
      </header>
      {created && (
        <p role="status" className="panel">
          {t('workspaces.created', { name: membership.clientName })}
        </p>
      )}
      {canManage && (
        <>
          <section className="panel workspace-section" aria-labelledby="ws-name">
            <h2 id="ws-name">{t('workspaces.rename.title')}</h2>
            <RenameForm membership={membership} />
          </section>
          <section className="panel workspace-section" aria-labelledby="ws-invite">
            <h2 id="ws-invite">{t('workspaces.invite.title')}</h2>
            <InviteForm clientId={clientId} />
            <h3>{t('workspaces.invitations.title')}</h3>
            <InvitationList clientId={clientId} />
          </section>
          <section className="panel workspace-section" aria-labelledby="ws-members">
            <h2 id="ws-members">{t('workspaces.members.title')}</h2>
            <MemberList clientId={clientId} userSub={userSub} />
          </section>
        </>
      )}
      <section className="panel workspace-section" aria-labelledby="ws-limits">
        <h2 id="ws-limits">{t('workspaces.limits.title')}</h2>
        <LimitsPanel clientId={clientId} canBuySeats={canBuySeats} />
      </section>
      <section className="panel workspace-section" aria-labelledby="ws-leave">
        <h2 id="ws-leave">{t('workspaces.leave.title', { name: membership.clientName })}</h2>
        <LeaveSection membership={membership} />
      </section>
      {canDelete && (
        <section className="panel workspace-section workspace-danger" aria-labelledby="ws-delete">
          <h2 id="ws-delete">{t('workspaces.deletion.heading')}</h2>
          <DeleteSection membership={membership} />
        </section>
      )}
    </div>
  );
}
