/** Platform-wide roles, from the identity provider's roles claim. */
export const globalRoles = ['admin'] as const;
export type GlobalRole = (typeof globalRoles)[number];

/**
 * A member's role in one tenant of the question database. A teacher runs classes in the tenant
 * and reads its banks to give them as assignments, but writes no questions (decision 0028).
 */
export const tenantRoles = ['owner', 'author', 'reviewer', 'teacher', 'viewer'] as const;
export type TenantRole = (typeof tenantRoles)[number];

/**
 * Sent by Questa's own client on every call that changes something; a form or script on another
 * site cannot set it without the browser asking first, so its absence marks a forged request.
 */
export const CSRF_HEADER = 'x-questa-request';

/** What the audit log records; the client names each in words and filters by them. */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_out',
  'auth.sign_in_failed',
  'role.granted',
  'role.revoked',
  'membership.granted',
  'membership.changed',
  'membership.revoked',
  'membership.left',
  'ownership.transferred',
  'workspace.created',
  'workspace.renamed',
  'workspace.suspended',
  'workspace.restored',
  'invitation.sent',
  'invitation.revoked',
  'invitation.accepted',
  'credential.created',
  'credential.revoked',
  'premium.granted',
  'premium.revoked',
  'accommodation.changed',
  'plan.created',
  'plan.changed',
  'promotion_code.created',
  'promotion_code.withdrawn',
  'checkout.started',
  'subscription.changed',
  'refund.created',
  'billing.reconciled',
  'account.deletion_requested',
  'account.deletion_cancelled',
  'account.deleted_by_admin',
  'account.deleted',
  'answer.graded',
  'answer.regraded',
  'workspace_checkout.started',
  'workspace_subscription.changed',
  'workspace_plan.seats_changed',
  'workspace_plan.cancel_requested',
  'workspace_plan.resumed',
] as const;
export type AuditAction = (typeof auditActions)[number];
