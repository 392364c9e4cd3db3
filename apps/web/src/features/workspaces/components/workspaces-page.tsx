import type { Membership, Workspace } from '@questa/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { currentWorkspace, rememberWorkspace } from '../../../lib/current-workspace';
import { useT } from '../../../lib/i18n';
import { NewWorkspaceForm } from './new-workspace-form';
import './workspaces.css';

/** The workspaces a person belongs to, which one they work in now, and a new one. */
export function WorkspacesPage({
  memberships,
  joined,
}: {
  memberships: readonly Membership[];
  /** The slug of a workspace just joined through an invitation, to say so. */
  joined?: string | undefined;
}) {
  const t = useT();
  const navigate = useNavigate();
  const notice = useSavedNotice();
  const sorted = [...memberships].sort((a, b) => a.clientName.localeCompare(b.clientName));
  const [current, setCurrent] = useState(() => currentWorkspace(sorted.map((m) => m.clientId)));
  const joinedOne = joined ? memberships.find((m) => m.clientSlug === joined) : undefined;

  const switchTo = (membership: Membership) => {
    rememberWorkspace(membership.clientId);
    setCurrent(membership.clientId);
    notice.show(t('workspaces.switched', { name: membership.clientName }));
  };
  const created = (workspace: Workspace) =>
    void navigate(`/workspaces/${encodeURIComponent(workspace.slug)}/settings?created=1`);

  return (
    <div className="page">
      <PageTitle title={t('workspaces.title')} />
      <header className="page__header">
        <h1>{t('workspaces.title')}</h1>
        <p className="page__intro">{t('workspaces.intro')}</p>
      </header>
      {joinedOne && (
        <p role="status" className="panel">
          {t('workspaces.joined', {
            name: joinedOne.clientName,
            role: t(`tenantRole.${joinedOne.role}`),
          })}
        </p>
      )}
      <section className="workspace-section" aria-labelledby="my-workspaces">
        <h2 id="my-workspaces">{t('workspaces.mine')}</h2>
        {sorted.length === 0 ? (
          <EmptyState title={t('workspaces.emptyTitle')}>
            <p>{t('workspaces.emptyBody')}</p>
          </EmptyState>
        ) : (
          <ul className="workspace-list">
            {sorted.map((membership) => {
              const isCurrent = membership.clientId === current;
              return (
                <li key={membership.clientId} className="panel workspace-list__item">
                  <div className="workspace-list__name">
                    <strong>{membership.clientName}</strong>
                    <span className="workspace-list__slug">{membership.clientSlug}</span>
                  </div>
                  <div className="workspace-actions">
                    <Badge>{t(`tenantRole.${membership.role}`)}</Badge>
                    {isCurrent ? (
                      <Badge tone="info">{t('workspaces.current')}</Badge>
                    ) : (
                      <Button
                        variant="secondary"
                        onClick={() => switchTo(membership)}
                        aria-label={t('workspaces.switchTo', { name: membership.clientName })}
                      >
                        {t('workspaces.switch')}
                      </Button>
                    )}
                    <Link
                      to={`/author?tenant=${encodeURIComponent(membership.clientId)}`}
                      onClick={() => rememberWorkspace(membership.clientId)}
                      aria-label={t('workspaces.openNamed', { name: membership.clientName })}
                    >
                      {t('workspaces.open')}
                    </Link>
                    <Link
                      to={`/workspaces/${encodeURIComponent(membership.clientSlug)}/settings`}
                      aria-label={t('workspaces.settingsNamed', { name: membership.clientName })}
                    >
                      {t('workspaces.settings')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <SavedNotice notice={notice} />
      </section>
      <section className="panel">
        <NewWorkspaceForm onCreated={created} />
      </section>
    </div>
  );
}
