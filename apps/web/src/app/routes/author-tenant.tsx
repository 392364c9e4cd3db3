import type { Membership } from '@questa/contracts';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Forbidden } from '../../components/forbidden';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/ui/page-loading';
import { ProblemAlert } from '../../components/ui/problem-alert';
import {
  useSignedInSession,
  type SignedInSession,
} from '../../features/auth/components/require-session';
import { sessionCan } from '../../features/auth/permissions';
import { useFindTenant } from '../../features/authoring/api/find-tenant';
import type { TenantAccess } from '../../features/authoring/tenant-access';
import { currentWorkspace, rememberWorkspace } from '../../lib/current-workspace';
import { useT } from '../../lib/i18n';

/** What the signed-in user may do in one of their tenants. */
export function tenantAccess(session: SignedInSession, membership: Membership): TenantAccess {
  const { clientId } = membership;
  return {
    membership,
    userSub: session.user.sub,
    canWrite: sessionCan(session, 'question:write', clientId),
    canPublish: sessionCan(session, 'question:publish', clientId),
    canManageMembers: sessionCan(session, 'member:manage', clientId),
    canManageKeys: sessionCan(session, 'credential:manage', clientId),
    canGrade: sessionCan(session, 'answer:grade', clientId),
  };
}

/**
 * Renders an authoring page for the tenant named by `?tenant=`. Without it, the workspace the user
 * last worked in is taken, or each tenant is asked for `resource` until one has it, and the
 * address is completed.
 */
export function WithAuthorTenant({
  resource,
  children,
}: {
  /** The bank or question the page shows, to find its tenant by. */
  resource?: { kind: 'banks' | 'questions'; id: string };
  children: (access: TenantAccess) => ReactNode;
}) {
  const session = useSignedInSession();
  const [params] = useSearchParams();
  const requested = params.get('tenant');
  const { memberships } = session;
  const isMember = memberships.some((m) => m.clientId === requested);
  // The workspace last worked in is where pages that do not name one start next time.
  useEffect(() => {
    if (requested && isMember) rememberWorkspace(requested);
  }, [requested, isMember]);

  if (requested) {
    const membership = memberships.find((m) => m.clientId === requested);
    if (!membership) return <Forbidden />;
    return children(tenantAccess(session, membership));
  }
  if (memberships.length === 0) return <Forbidden />;
  if (memberships.length === 1 || !resource) {
    return (
      <TenantInAddress clientId={currentWorkspace(memberships.map((m) => m.clientId)) ?? ''} />
    );
  }
  return <FindTenant clientIds={memberships.map((m) => m.clientId)} resource={resource} />;
}

/** Puts the tenant in the address, which renders the page for it. */
function TenantInAddress({ clientId }: { clientId: string }) {
  const [, setParams] = useSearchParams();
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tenant', clientId);
        return next;
      },
      { replace: true },
    );
  }, [clientId, setParams]);
  return <PageLoading />;
}

function FindTenant({
  clientIds,
  resource,
}: {
  clientIds: string[];
  resource: { kind: 'banks' | 'questions'; id: string };
}) {
  const t = useT();
  const found = useFindTenant(clientIds, resource.kind, resource.id);
  if (found.status === 'pending') return <PageLoading />;
  if (found.status === 'error') {
    return (
      <ProblemAlert title={t('author.findFailed')} error={found.error} onRetry={found.retry} />
    );
  }
  if (found.data === null) return <NotFound />;
  return <TenantInAddress clientId={found.data} />;
}
