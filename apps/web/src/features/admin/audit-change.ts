import type { AuditEvent } from '@questa/contracts';
import { formatDate, type Translate } from '../../lib/i18n';
import { isTenantRole } from './tenant-roles';

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A user's global roles in a word: admin, or a learner like everyone else. */
function globalRolesWord(t: Translate, roles: string[]) {
  return roles.includes('admin') ? t('admin.users.admin') : t('admin.users.learner');
}

/** A tenant role in words; null is someone who is not a member. */
function tenantRoleWord(t: Translate, role: unknown) {
  if (typeof role === 'string' && isTenantRole(role)) return t(`tenantRole.${role}`);
  return role === null || role === undefined ? t('admin.audit.notMember') : String(role);
}

/**
 * What an audit event changed, in words: the role or value it went from and to, or how long a
 * grant runs. Events recorded before the log kept "from" name only what was granted.
 */
export function auditChange(t: Translate, locale: string, event: AuditEvent): string {
  const details = event.details;
  switch (event.action) {
    case 'role.granted':
    case 'role.revoked': {
      if (isStringList(details.from) && isStringList(details.to)) {
        return t('admin.audit.fromTo', {
          from: globalRolesWord(t, details.from),
          to: globalRolesWord(t, details.to),
        });
      }
      return details.role === 'admin' ? t('admin.users.admin') : t('admin.none');
    }
    case 'membership.granted':
    case 'membership.changed':
    case 'membership.revoked': {
      if ('from' in details || 'to' in details) {
        return t('admin.audit.fromTo', {
          from: tenantRoleWord(t, details.from),
          to: tenantRoleWord(t, details.to),
        });
      }
      return 'role' in details ? tenantRoleWord(t, details.role) : t('admin.none');
    }
    case 'accommodation.changed':
      return typeof details.before === 'number' && typeof details.extraTimePercent === 'number'
        ? t('admin.audit.fromTo', {
            from: `${details.before}%`,
            to: `${details.extraTimePercent}%`,
          })
        : t('admin.none');
    case 'premium.granted':
      return typeof details.until === 'string'
        ? t('admin.audit.until', { date: formatDate(details.until, locale) })
        : t('admin.audit.untilRevoked');
    default:
      return t('admin.none');
  }
}
