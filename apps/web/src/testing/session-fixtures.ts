import type {
  ActiveSession,
  AdminUser,
  AuditEvent,
  Member,
  Membership,
  SessionInfo,
  SessionUser,
  Tenant,
} from '@questa/contracts';

export const signedOut: SessionInfo = {
  user: null,
  memberships: [],
  entitlements: { premium: false, host: false },
};

export function aUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    sub: 'sub-ada',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    roles: [],
    ...overrides,
  };
}

export function aMembership(overrides: Partial<Membership> = {}): Membership {
  return {
    clientId: '22222222-2222-4222-8222-222222222222',
    clientSlug: 'acme',
    clientName: 'Acme Academy',
    role: 'author',
    deletionDueAt: null,
    ...overrides,
  };
}

export function aSession(
  user: Partial<SessionUser> = {},
  memberships: Membership[] = [],
): SessionInfo {
  return {
    user: aUser(user),
    memberships,
    entitlements: { premium: false, host: false },
    passwordPage: true,
  };
}

export const anAdminSession = () => aSession({ roles: ['admin'] });

export function anActiveSession(overrides: Partial<ActiveSession> = {}): ActiveSession {
  return {
    id: 'session-this',
    current: true,
    createdAt: '2026-03-01T09:00:00.000Z',
    lastSeenAt: '2026-03-02T10:30:00.000Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    ip: '203.0.113.7',
    ...overrides,
  };
}

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...aUser(),
    createdAt: '2026-01-15T08:00:00.000Z',
    premiumGrant: null,
    extraTimePercent: 0,
    deletionDueAt: null,
    subscription: null,
    ...overrides,
  };
}

export function aTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: aMembership().clientId,
    slug: 'acme',
    name: 'Acme Academy',
    createdAt: '2026-01-01T00:00:00.000Z',
    suspendedAt: null,
    deletionDueAt: null,
    ...overrides,
  };
}

export function aMember(overrides: Partial<Member> = {}): Member {
  return { userId: 'sub-ada', role: 'owner', createdAt: '2026-02-01T00:00:00.000Z', ...overrides };
}

export function anAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 'event-1',
    at: '2026-03-02T10:30:00.000Z',
    action: 'auth.sign_in',
    actor: 'sub-ada',
    actorEmail: 'ada@example.com',
    target: 'ada@example.com',
    ip: '203.0.113.7',
    details: {},
    ...overrides,
  };
}
