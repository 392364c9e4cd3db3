import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page-loading';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import {
  forgetPendingInvitation,
  keepPendingInvitation,
  rememberWorkspace,
} from '../../../lib/current-workspace';
import { formatDate, useI18n } from '../../../lib/i18n';
import { signInUrl, signUpUrl } from '../../../lib/sign-in-url';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitation-link';
import './workspaces.css';

/**
 * Where an invitation link leads: what it invites to, then joining. Someone signed out creates an
 * account or signs in first and comes back here; the link waits on the device meanwhile, since
 * confirming a new account's address by mail loses where the person came from.
 */
export function InvitationPage({
  token,
  signedInAs,
}: {
  token: string;
  /** The signed-in person's email, or null when nobody is signed in. */
  signedInAs: string | null;
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const path = `/invitations/${token}`;

  useEffect(() => {
    if (signedInAs) forgetPendingInvitation();
  }, [signedInAs]);

  const join = async () => {
    const outcome = await accept.mutate(token);
    if (!outcome.ok) return;
    const { membership } = outcome.data;
    rememberWorkspace(membership.clientId);
    void navigate(`/workspaces?joined=${encodeURIComponent(membership.clientSlug)}`, {
      replace: true,
    });
  };

  const body = () => {
    if (preview.status === 'pending') return <PageLoading />;
    if (preview.status === 'error') {
      return (
        <ProblemAlert
          title={t('invitation.unusable')}
          error={preview.error}
          onRetry={preview.error.code === 'invitation.invalid' ? undefined : preview.retry}
        />
      );
    }
    const invitation = preview.data;
    if (invitation.state !== 'pending') {
      return (
        <div className="panel" role="status">
          <p>{t(`invitation.state.${invitation.state}`)}</p>
        </div>
      );
    }
    return (
      <div className="panel workspace-section">
        <p>
          {t('invitation.what', {
            workspace: invitation.workspaceName,
            role: t(`tenantRole.${invitation.role}`),
          })}
        </p>
        <p>
          {t('invitation.until', {
            email: invitation.email,
            date: formatDate(invitation.expiresAt, locale),
          })}
        </p>
        {signedInAs ? (
          <>
            {signedInAs.toLowerCase() !== invitation.email.toLowerCase() && (
              <p>{t('invitation.otherAddress', { email: signedInAs })}</p>
            )}
            <div className="workspace-actions">
              <Button onClick={() => void join()} disabled={accept.status === 'pending'}>
                {t('invitation.join', { workspace: invitation.workspaceName })}
              </Button>
            </div>
            {accept.status === 'error' && (
              <ProblemAlert title={t('invitation.joinFailed')} error={accept.error} />
            )}
          </>
        ) : (
          <>
            <p>{t('invitation.signInFirst')}</p>
            <div className="workspace-actions">
              <a
                className={buttonClass('primary')}
                href={signUpUrl(path)}
                onClick={() => keepPendingInvitation(path)}
              >
                {t('invitation.signUp')}
              </a>
              <a
                className={buttonClass('secondary')}
                href={signInUrl(path)}
                onClick={() => keepPendingInvitation(path)}
              >
                {t('invitation.signIn')}
              </a>
            </div>
          </>
        )}
      </div>
    );
  };

  return (
    <div className="page">
      <PageTitle title={t('invitation.title')} />
      <header className="page__header">
        <h1>{t('invitation.title')}</h1>
      </header>
      {body()}
    </div>
  );
}
