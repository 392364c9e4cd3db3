import type { GlobalRole, TenantRole } from '@questa/contracts';

/**
 * Every permission in Questa, as `resource:action`. Routes name one of these (or `public`); the
 * grants below say who holds it. This module is the only place that answers "may they?".
 */
export const permissions = [
  'session:read',
  'account:manage',
  'learning:use',
  'user:list',
  'user:manage_roles',
  'user:manage_entitlements',
  'user:delete',
  'audit:read',
  'tenant:list',
  'tenant:read',
  'tenant:create',
  'tenant:manage',
  'tenant:administer',
  'tenant:delete',
  'tenant:erase',
  'member:list',
  'member:manage',
  'credential:manage',
  'bank:read_private',
  'question:write',
  'question:review',
  'question:publish',
  'room:host',
  'catalog:draw',
  'tenant:set_plan_limits',
  'billing:use',
  'billing:read',
  'billing:refund',
  'billing:reconcile',
  'plan:manage',
  'answer:grade',
  'workspace_plan:manage',
  'class:manage',
] as const;
export type Permission = (typeof permissions)[number];

/** Held by every signed-in user. */
const signedIn: readonly Permission[] = [
  'session:read',
  'account:manage',
  'learning:use',
  // Their own checkout, subscription and invoices; never anyone else's.
  'billing:use',
  // A workspace of their own, which they then own.
  'tenant:create',
];

/** Held by a platform admin everywhere, in addition to what they hold as a member. */
const admin: readonly Permission[] = [
  'user:list',
  'user:manage_roles',
  'user:manage_entitlements',
  'user:delete',
  'audit:read',
  'tenant:list',
  'tenant:read',
  // Raising a workspace's limits: the platform's decision, never its owner's.
  'tenant:administer',
  'member:list',
  'member:manage',
  'plan:manage',
  'billing:read',
  'billing:refund',
  'billing:reconcile',
];

const viewer: readonly Permission[] = ['tenant:read', 'bank:read_private'];
// Reviewers and authors grade essays from exams on their tenant's banks; viewers only read.
const reviewer: readonly Permission[] = [
  ...viewer,
  'question:review',
  'question:publish',
  'answer:grade',
];
const author: readonly Permission[] = [...viewer, 'question:write', 'room:host', 'answer:grade'];
// Teachers read the tenant's banks and blueprints to give them as assignments, and run their
// classes: roster, assignments, gradebook. Which classes is the classes module's rule: their own,
// and every class for an owner (decision 0028). They host live rooms, their classes' or any
// (decision 0033): a room pins published questions and changes none.
const teacher: readonly Permission[] = [...viewer, 'class:manage', 'room:host'];
const owner: readonly Permission[] = [
  ...new Set([
    ...author,
    ...reviewer,
    ...teacher,
    'member:list',
    'member:manage',
    'credential:manage',
    // What the workspace pays for is the owners' to decide, and its invoices theirs to read.
    'workspace_plan:manage',
    'tenant:manage',
    // Deleting the workspace, and keeping it during the grace: its owners' decision alone.
    'tenant:delete',
  ] as const),
];

const tenantGrants: Record<TenantRole, readonly Permission[]> = {
  owner,
  author,
  reviewer,
  teacher,
  viewer,
};

/**
 * Held by a trusted Questa service only, and all it holds: it acts for no person, so nothing a
 * signed-in user may do is granted to it, and none of this to any user. `catalog:draw` reaches the
 * published questions of public and premium banks: drawn at random, or listed and read by id so a
 * host can choose them, which shows a service nothing a draw could not. `tenant:erase` lets the
 * main API mark a workspace for deletion, keep it, and erase it once due: people ask the main API,
 * which decides who may (decision 0034).
 */
const service: readonly Permission[] = [
  'catalog:draw',
  // The limits a workspace's paid plan gives (members = seats). What was paid for is known only
  // to the main API's billing, so neither an owner, nor a key, nor an admin's session sets them;
  // admins override limits with `tenant:administer` instead.
  'tenant:set_plan_limits',
  // Carrying out or calling off a workspace's deletion, which its owners asked the main API for.
  'tenant:erase',
];

export interface Principal {
  /** The identity provider's subject. */
  sub: string;
  roles: readonly GlobalRole[];
  /** Tenant memberships, by client id. */
  memberships: ReadonlyMap<string, TenantRole>;
  /** Premium that includes hosting live rooms (a plan's feature, or an admin's grant). */
  premium: boolean;
  /** A trusted Questa service calling as itself, for no person (the client-credentials grant). */
  service?: boolean;
}

/** Whether `principal` holds `permission`, in `clientId` when the permission is per tenant. */
export function can(principal: Principal, permission: Permission, clientId?: string): boolean {
  if (principal.service === true) return service.includes(permission);
  if (service.includes(permission)) return false;
  if (signedIn.includes(permission)) return true;
  if (principal.roles.includes('admin') && admin.includes(permission)) return true;
  if (permission === 'room:host' && principal.premium) return true;
  if (clientId === undefined) {
    // A permission asked without a tenant holds if any membership grants it (navigation, menus).
    return [...principal.memberships.values()].some((role) =>
      tenantGrants[role].includes(permission),
    );
  }
  const role = principal.memberships.get(clientId);
  return role !== undefined && tenantGrants[role].includes(permission);
}

/**
 * Whether every signed-in user holds `permission`: then a session is all it takes, and nobody's
 * roles or memberships need to be looked up.
 */
export const heldByEverySignedInUser = (permission: Permission): boolean =>
  signedIn.includes(permission);

/** Narrows a route's declared permission string to a known key. */
export const isPermissionKey = (value: string): value is Permission =>
  (permissions as readonly string[]).includes(value);

/** Who holds a permission, for people reading the API's reference. */
export interface Holders {
  everySignedInUser: boolean;
  platformAdmins: boolean;
  premiumLearners: boolean;
  /** Tenant roles that grant it, in that tenant. */
  tenantRoles: TenantRole[];
  /** A trusted Questa service calling as itself. */
  services: boolean;
}

export function holdersOf(permission: Permission): Holders {
  return {
    everySignedInUser: signedIn.includes(permission),
    platformAdmins: admin.includes(permission),
    premiumLearners: permission === 'room:host',
    tenantRoles: (Object.keys(tenantGrants) as TenantRole[]).filter((role) =>
      tenantGrants[role].includes(permission),
    ),
    services: service.includes(permission),
  };
}

/**
 * Permissions whose changes a workspace scheduled for deletion refuses (`workspace.deletion_scheduled`):
 * writing, reviewing and publishing questions, inviting, renaming, new API keys, classes and
 * assignments, buying seats. Reading still works so people can export; withdrawing access
 * (removing a member, revoking an API key) still works, as does leaving.
 */
const frozenWhileDeletionScheduled: readonly Permission[] = [
  'question:write',
  'question:review',
  'question:publish',
  'member:manage',
  'credential:manage',
  'tenant:manage',
  'class:manage',
  'workspace_plan:manage',
];

/** Whether a request of `method` under `permission` is refused while the workspace awaits deletion. */
export function refusedWhileDeletionScheduled(permission: Permission, method: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (
    method === 'DELETE' &&
    (permission === 'member:manage' || permission === 'credential:manage')
  ) {
    return false;
  }
  return frozenWhileDeletionScheduled.includes(permission);
}
