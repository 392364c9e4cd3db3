import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useInvitations } from '../api/list-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

const tones = {
  pending: 'info',
  accepted: 'success',
  revoked: 'neutral',
  expired: 'neutral',
} as const;

/** The workspace's invitations and what became of each; open ones can be withdrawn. */
export function InvitationList({ clientId }: { clientId: string }) {
  const { t, locale } = useI18n();
  const invitations = useInvitations(clientId);
  const revoke = useRevokeInvitation();
  const notice = useSavedNotice();

  if (invitations.status === 'pending') return <Skeleton height="4rem" />;
  if (invitations.status === 'error') {
    return (
      <ProblemAlert
        title={t('workspaces.invitations.loadFailed')}
        error={invitations.error}
        onRetry={invitations.retry}
      />
    );
  }
  const list = invitations.data.invitations;
  return (
    <>
      {list.length === 0 ? (
        <EmptyState title={t('workspaces.invitations.empty')} />
      ) : (
        <Table caption={t('workspaces.invitations.title')} captionHidden stackOnNarrow>
          <thead>
            <tr>
              <th scope="col">{t('workspaces.invite.email')}</th>
              <th scope="col">{t('workspaces.invite.role')}</th>
              <th scope="col">{t('workspaces.invitations.state')}</th>
              <th scope="col">{t('workspaces.invitations.expires')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('workspaces.invitations.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((invitation) => (
              <tr key={invitation.id}>
                <td data-label={t('workspaces.invite.email')}>{invitation.email}</td>
                <td data-label={t('workspaces.invite.role')}>
                  {t(`tenantRole.${invitation.role}`)}
                </td>
                <td data-label={t('workspaces.invitations.state')}>
                  <Badge tone={tones[invitation.state]}>
                    {t(`workspaces.invitations.state.${invitation.state}`)}
                  </Badge>
                </td>
                <td data-label={t('workspaces.invitations.expires')}>
                  {formatDate(invitation.expiresAt, locale)}
                </td>
                <td>
                  {invitation.state === 'pending' && (
                    <Button
                      variant="secondary"
                      disabled={revoke.status === 'pending'}
                      aria-label={t('workspaces.invitations.withdrawFor', {
                        email: invitation.email,
                      })}
                      onClick={async () => {
                        const outcome = await revoke.mutate(clientId, invitation.id);
                        if (outcome.ok) {
                          notice.show(
                            t('workspaces.invitations.withdrawn', { email: invitation.email }),
                          );
                        }
                      }}
                    >
                      {t('workspaces.invitations.withdraw')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {revoke.status === 'error' && (
        <ProblemAlert title={t('workspaces.invitations.withdrawFailed')} error={revoke.error} />
      )}
      <SavedNotice notice={notice} />
    </>
  );
}
