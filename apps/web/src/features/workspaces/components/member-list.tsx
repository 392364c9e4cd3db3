import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useMembers, type NamedMember } from '../api/list-members';
import { useTransferOwnership } from '../api/transfer-ownership';

/** Who belongs to the workspace, and handing ownership to one of them after a confirmation. */
export function MemberList({ clientId, userSub }: { clientId: string; userSub: string }) {
  const { t, locale } = useI18n();
  const members = useMembers(clientId);
  const transfer = useTransferOwnership();
  const notice = useSavedNotice();
  const [handingTo, setHandingTo] = useState<NamedMember>();

  if (members.status === 'pending') return <Skeleton height="4rem" />;
  if (members.status === 'error') {
    return (
      <ProblemAlert
        title={t('workspaces.members.loadFailed')}
        error={members.error}
        onRetry={members.retry}
      />
    );
  }
  const nameOf = (member: NamedMember) => member.name ?? t('workspaces.members.unnamed');

  const confirm = async () => {
    if (!handingTo) return;
    const outcome = await transfer.mutate(clientId, handingTo.userId);
    if (outcome.ok) {
      notice.show(t('workspaces.transfer.done', { name: nameOf(handingTo) }));
      setHandingTo(undefined);
    }
  };

  return (
    <>
      <Table caption={t('workspaces.members.title')} captionHidden stackOnNarrow>
        <thead>
          <tr>
            <th scope="col">{t('workspaces.members.name')}</th>
            <th scope="col">{t('workspaces.invite.role')}</th>
            <th scope="col">{t('workspaces.members.since')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('workspaces.invitations.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.data.map((member) => (
            <tr key={member.userId}>
              <td data-label={t('workspaces.members.name')}>
                {nameOf(member)}
                {member.userId === userSub && <> {t('workspaces.members.you')}</>}
              </td>
              <td data-label={t('workspaces.invite.role')}>
                <Badge>{t(`tenantRole.${member.role}`)}</Badge>
              </td>
              <td data-label={t('workspaces.members.since')}>
                {formatDate(member.createdAt, locale)}
              </td>
              <td>
                {member.role !== 'owner' && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      transfer.reset();
                      setHandingTo(member);
                    }}
                    aria-label={t('workspaces.transfer.toNamed', { name: nameOf(member) })}
                  >
                    {t('workspaces.transfer.to')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <SavedNotice notice={notice} />
      <ConfirmDialog
        open={handingTo !== undefined}
        title={t('workspaces.transfer.title')}
        confirmLabel={t('workspaces.transfer.confirm')}
        busy={transfer.status === 'pending'}
        error={transfer.status === 'error' ? transfer.error : undefined}
        onConfirm={() => void confirm()}
        onCancel={() => setHandingTo(undefined)}
      >
        <p>{t('workspaces.transfer.body', { name: handingTo ? nameOf(handingTo) : '' })}</p>
      </ConfirmDialog>
    </>
  );
}
