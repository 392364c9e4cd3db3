import { describe, expect, it } from 'vitest';
import type { TenantRole } from '@questa/contracts';
import {
  can,
  heldByEverySignedInUser,
  holdersOf,
  permissions,
  refusedWhileDeletionScheduled,
  type Principal,
} from './index';

const tenantA = '11111111-1111-4111-8111-111111111111';
const tenantB = '22222222-2222-4222-8222-222222222222';

const principal = (overrides: Partial<Principal> = {}): Principal => ({
  sub: 'user-1',
  roles: [],
  memberships: new Map<string, TenantRole>(),
  premium: false,
  ...overrides,
});

describe('policy', () => {
  it('gives every signed-in user their session, account, learning, billing and a workspace of their own, and nothing else', () => {
    const learner = principal();
    expect(permissions.filter((permission) => can(learner, permission))).toEqual([
      'session:read',
      'account:manage',
      'learning:use',
      'tenant:create',
      'billing:use',
    ]);
  });

  it('lets only a workspace’s owners rename it', () => {
    const roles: TenantRole[] = ['author', 'reviewer', 'viewer'];
    for (const role of roles) {
      expect(
        can(principal({ memberships: new Map([[tenantA, role]]) }), 'tenant:manage', tenantA),
      ).toBe(false);
    }
    const owner = principal({ memberships: new Map([[tenantA, 'owner']]) });
    expect(can(owner, 'tenant:manage', tenantA)).toBe(true);
    expect(can(owner, 'tenant:manage', tenantB)).toBe(false);
    // Raising a workspace's limits is the platform's decision, not its owner's.
    expect(can(owner, 'tenant:administer', tenantA)).toBe(false);
    expect(can(principal({ roles: ['admin'] }), 'tenant:administer', tenantA)).toBe(true);
  });

  it('gives a platform admin user, audit and membership management, but not authoring', () => {
    const admin = principal({ roles: ['admin'] });
    expect(can(admin, 'user:manage_roles')).toBe(true);
    expect(can(admin, 'audit:read')).toBe(true);
    expect(can(admin, 'user:manage_entitlements')).toBe(true);
    expect(can(principal(), 'user:manage_entitlements')).toBe(false);
    expect(can(admin, 'member:manage', tenantA)).toBe(true);
    expect(can(admin, 'question:write', tenantA)).toBe(false);
  });

  it('keeps plans, refunds, billing figures and reconciling to platform admins', () => {
    const admin = principal({ roles: ['admin'] });
    for (const permission of [
      'plan:manage',
      'billing:read',
      'billing:refund',
      'billing:reconcile',
    ] as const) {
      expect(can(admin, permission)).toBe(true);
      expect(can(principal({ premium: true }), permission)).toBe(false);
      expect(can(principal({ memberships: new Map([[tenantA, 'owner']]) }), permission)).toBe(
        false,
      );
    }
  });

  it('confines tenant roles to their own tenant', () => {
    const author = principal({ memberships: new Map([[tenantA, 'author']]) });
    expect(can(author, 'question:write', tenantA)).toBe(true);
    expect(can(author, 'question:write', tenantB)).toBe(false);
    expect(can(author, 'question:publish', tenantA)).toBe(false);
    expect(can(author, 'member:manage', tenantA)).toBe(false);
  });

  it('lets reviewers publish, viewers read private banks, owners do everything in their tenant', () => {
    const reviewer = principal({ memberships: new Map([[tenantA, 'reviewer']]) });
    const viewer = principal({ memberships: new Map([[tenantA, 'viewer']]) });
    const owner = principal({ memberships: new Map([[tenantA, 'owner']]) });
    expect(can(reviewer, 'question:publish', tenantA)).toBe(true);
    expect(can(viewer, 'bank:read_private', tenantA)).toBe(true);
    expect(can(viewer, 'question:write', tenantA)).toBe(false);
    for (const permission of [
      'question:write',
      'question:publish',
      'member:manage',
      'credential:manage',
    ] as const) {
      expect(can(owner, permission, tenantA)).toBe(true);
      expect(can(owner, permission, tenantB)).toBe(false);
    }
  });

  it('leaves the workspace plan to its owners: no other role, no admin, no other tenant', () => {
    const owner = principal({ memberships: new Map([[tenantA, 'owner']]) });
    expect(can(owner, 'workspace_plan:manage', tenantA)).toBe(true);
    expect(can(owner, 'workspace_plan:manage', tenantB)).toBe(false);
    for (const role of ['author', 'reviewer', 'viewer'] as const) {
      expect(
        can(
          principal({ memberships: new Map([[tenantA, role]]) }),
          'workspace_plan:manage',
          tenantA,
        ),
      ).toBe(false);
    }
    expect(can(principal({ roles: ['admin'] }), 'workspace_plan:manage', tenantA)).toBe(false);
  });

  it('lets teachers and owners run classes, host rooms and read the banks they assign, and nothing more', () => {
    const teacher = principal({ memberships: new Map([[tenantA, 'teacher']]) });
    expect(permissions.filter((permission) => can(teacher, permission, tenantA))).toEqual([
      'session:read',
      'account:manage',
      'learning:use',
      'tenant:read',
      'tenant:create',
      'bank:read_private',
      'room:host',
      'billing:use',
      'class:manage',
    ]);
    expect(can(teacher, 'class:manage', tenantB)).toBe(false);
    expect(
      can(principal({ memberships: new Map([[tenantA, 'owner']]) }), 'class:manage', tenantA),
    ).toBe(true);
    for (const role of ['author', 'reviewer', 'viewer'] as const) {
      expect(
        can(principal({ memberships: new Map([[tenantA, role]]) }), 'class:manage', tenantA),
      ).toBe(false);
    }
  });

  it('lets premium learners, tenant authors and teachers host live rooms', () => {
    expect(can(principal(), 'room:host')).toBe(false);
    expect(can(principal({ memberships: new Map([[tenantA, 'teacher']]) }), 'room:host')).toBe(
      true,
    );
    expect(can(principal({ memberships: new Map([[tenantA, 'viewer']]) }), 'room:host')).toBe(
      false,
    );
    expect(can(principal({ premium: true }), 'room:host')).toBe(true);
    expect(can(principal({ memberships: new Map([[tenantA, 'author']]) }), 'room:host')).toBe(true);
  });

  it('gives a trusted service catalog draws, erasing workspaces and plan limits, and no person either', () => {
    const service = principal({ sub: 'questa-web', service: true });
    expect(permissions.filter((permission) => can(service, permission))).toEqual([
      'tenant:erase',
      'catalog:draw',
      'tenant:set_plan_limits',
    ]);
    // Not even a membership or a role it should never carry widens what a service holds.
    const confused = principal({
      service: true,
      roles: ['admin'],
      memberships: new Map([[tenantA, 'owner']]),
    });
    expect(permissions.filter((permission) => can(confused, permission, tenantA))).toEqual([
      'tenant:erase',
      'catalog:draw',
      'tenant:set_plan_limits',
    ]);

    const people = [
      principal(),
      principal({ premium: true }),
      principal({ roles: ['admin'] }),
      principal({ memberships: new Map([[tenantA, 'owner']]) }),
      principal({ service: false, roles: ['admin'] }),
    ];
    for (const person of people) {
      for (const permission of [
        'catalog:draw',
        'tenant:erase',
        'tenant:set_plan_limits',
      ] as const) {
        expect(can(person, permission)).toBe(false);
        expect(can(person, permission, tenantA)).toBe(false);
      }
    }
  });

  it('lets only owners delete a workspace, and freezes its changes but not its reading meanwhile', () => {
    const roles = ['owner', 'author', 'reviewer', 'teacher', 'viewer'] as const;
    expect(
      roles.filter((role) =>
        can(principal({ memberships: new Map([[tenantA, role]]) }), 'tenant:delete', tenantA),
      ),
    ).toEqual(['owner']);
    expect(can(principal({ roles: ['admin'] }), 'tenant:delete', tenantA)).toBe(false);
    expect(refusedWhileDeletionScheduled('question:write', 'POST')).toBe(true);
    expect(refusedWhileDeletionScheduled('question:write', 'GET')).toBe(false);
    expect(refusedWhileDeletionScheduled('member:manage', 'POST')).toBe(true);
    expect(refusedWhileDeletionScheduled('member:manage', 'DELETE')).toBe(false);
    expect(refusedWhileDeletionScheduled('tenant:read', 'POST')).toBe(false);
    expect(refusedWhileDeletionScheduled('tenant:delete', 'DELETE')).toBe(false);
  });

  it('names the permissions a session alone grants', () => {
    for (const permission of permissions) {
      expect(heldByEverySignedInUser(permission)).toBe(can(principal(), permission));
    }
  });

  it('describes who holds each permission exactly as it decides', () => {
    const roles: TenantRole[] = ['owner', 'author', 'reviewer', 'teacher', 'viewer'];
    for (const permission of permissions) {
      const holders = holdersOf(permission);
      expect(holders.everySignedInUser).toBe(can(principal(), permission));
      expect(holders.platformAdmins && !holders.everySignedInUser).toBe(
        can(principal({ roles: ['admin'] }), permission) && !holders.everySignedInUser,
      );
      expect(holders.premiumLearners || holders.everySignedInUser).toBe(
        can(principal({ premium: true }), permission),
      );
      expect(holders.services).toBe(can(principal({ service: true }), permission));
      for (const role of roles) {
        const member = principal({ memberships: new Map([[tenantA, role]]) });
        expect(holders.tenantRoles.includes(role) || holders.everySignedInUser).toBe(
          can(member, permission, tenantA),
        );
      }
    }
  });
});
