import { sql } from '@questa/db';
import {
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationPreview,
  type Membership,
  type TenantRole,
} from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { isoTimestamp } from '../../db/timestamps';

interface Row {
  id: string;
  email: string;
  role: TenantRole;
  created_at: string | Date;
  expires_at: string | Date;
  accepted_at: string | Date | null;
  revoked_at: string | Date | null;
}

function stateOf(row: Row, now: Date): Invitation['state'] {
  if (row.accepted_at !== null) return 'accepted';
  if (row.revoked_at !== null) return 'revoked';
  return new Date(row.expires_at) <= now ? 'expired' : 'pending';
}

const asInvitation = (row: Row, now: Date): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: isoTimestamp(row.created_at),
  expiresAt: isoTimestamp(row.expires_at),
  state: stateOf(row, now),
});

const columns = [
  'id',
  'email',
  'role',
  'created_at',
  'expires_at',
  'accepted_at',
  'revoked_at',
] as const;
/** The same, where the invitation is joined to its tenant as `i`. */
const joinedColumns = [
  'i.id',
  'i.email',
  'i.role',
  'i.created_at',
  'i.expires_at',
  'i.accepted_at',
  'i.revoked_at',
] as const;

/** Why an invitation cannot be accepted, or the membership it gave. */
export type Acceptance =
  | { joined: Membership; alreadyMember: boolean; invitationId: string }
  | { refused: Exclude<Invitation['state'], 'pending'> | 'unknown' | 'closing' };

export function createInvitationRepository(db: QuestionDb) {
  return {
    /**
     * A new pending invitation, valid for INVITATION_TTL_DAYS on the database's clock. An earlier
     * one still pending for the same address is revoked, so only the newest link works.
     */
    async create(
      clientId: string,
      invite: { email: string; role: TenantRole; tokenHash: string; invitedBy: string },
      /** Run first in the transaction: the workspace's member limit, checked with it locked. */
      check: (trx: QuestionDb) => Promise<void>,
    ): Promise<Invitation> {
      return db.transaction().execute(async (trx) => {
        await check(trx);
        await trx
          .updateTable('invitations')
          .set({ revoked_at: sql<string>`now()` })
          .where('client_id', '=', clientId)
          .where(sql<string>`lower(email)`, '=', invite.email.toLowerCase())
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
        const row = await trx
          .insertInto('invitations')
          .values({
            client_id: clientId,
            email: invite.email,
            role: invite.role,
            token_hash: invite.tokenHash,
            invited_by: invite.invitedBy,
            expires_at: sql<string>`now() + make_interval(days => ${INVITATION_TTL_DAYS})`,
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        return asInvitation(row, new Date());
      });
    },

    /** Whether the address has an open invitation to the tenant, in any letter case. */
    async hasPending(clientId: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('invitations')
        .select('id')
        .where('client_id', '=', clientId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<string>`now()`)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Pending invitations on the database's clock, which decides expiry everywhere. */
    async countPending(clientId: string): Promise<number> {
      const { count } = await db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('client_id', '=', clientId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<string>`now()`)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The tenant's invitations, newest first; the 100 latest are plenty to manage. */
    async list(clientId: string): Promise<Invitation[]> {
      const rows = await db
        .selectFrom('invitations')
        .select(columns)
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(100)
        .execute();
      const now = new Date();
      return rows.map((row) => asInvitation(row, now));
    },

    /** Revokes a pending invitation of the tenant; undefined when there is no such one. */
    async revoke(clientId: string, invitationId: string): Promise<Invitation | undefined> {
      const row = await db
        .updateTable('invitations')
        .set({ revoked_at: sql<string>`now()` })
        .where('client_id', '=', clientId)
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning(columns)
        .executeTakeFirst();
      return row && asInvitation(row, new Date());
    },

    async preview(tokenHash: string): Promise<InvitationPreview | undefined> {
      const row = await db
        .selectFrom('invitations as i')
        .innerJoin('clients as c', 'c.id', 'i.client_id')
        .select([...joinedColumns, 'c.name as workspace_name', 'c.slug as workspace_slug'])
        .where('i.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const invitation = asInvitation(row, new Date());
      return {
        workspaceName: row.workspace_name,
        workspaceSlug: row.workspace_slug,
        role: invitation.role,
        email: invitation.email,
        expiresAt: invitation.expiresAt,
        state: invitation.state,
      };
    },

    /**
     * Uses the invitation once: under its row lock, so two clicks on one link cannot both join,
     * it is checked for being pending on the database's clock, the membership is granted (someone
     * already a member keeps the role they have) and the invitation is marked accepted.
     */
    async accept(tokenHash: string, userId: string): Promise<Acceptance> {
      return db.transaction().execute(async (trx): Promise<Acceptance> => {
        const row = await trx
          .selectFrom('invitations as i')
          .innerJoin('clients as c', 'c.id', 'i.client_id')
          .select([
            ...joinedColumns,
            'i.client_id',
            'c.name as client_name',
            'c.slug as client_slug',
            'c.deletion_due_at',
            sql<boolean>`i.expires_at <= now()`.as('lapsed'),
          ])
          .where('i.token_hash', '=', tokenHash)
          .forUpdate('i')
          .executeTakeFirst();
        if (!row) return { refused: 'unknown' };
        // Expiry on the database's clock, as everywhere the link is checked.
        const state = row.accepted_at
          ? 'accepted'
          : row.revoked_at
            ? 'revoked'
            : row.lapsed
              ? 'expired'
              : 'pending';
        if (state !== 'pending') return { refused: state };
        // Nobody joins a workspace on its way out; the link works again if an owner keeps it.
        if (row.deletion_due_at !== null) return { refused: 'closing' };
        const inserted = await trx
          .insertInto('memberships')
          .values({ client_id: row.client_id, user_id: userId, role: row.role })
          .onConflict((conflict) => conflict.columns(['client_id', 'user_id']).doNothing())
          .returning('role')
          .executeTakeFirst();
        const role =
          inserted?.role ??
          (
            await trx
              .selectFrom('memberships')
              .select('role')
              .where('client_id', '=', row.client_id)
              .where('user_id', '=', userId)
              .executeTakeFirstOrThrow()
          ).role;
        await trx
          .updateTable('invitations')
          .set({ accepted_at: sql<string>`now()`, accepted_by: userId })
          .where('id', '=', row.id)
          .execute();
        return {
          joined: {
            clientId: row.client_id,
            clientSlug: row.client_slug,
            clientName: row.client_name,
            role,
            deletionDueAt: null,
          },
          alreadyMember: inserted === undefined,
          invitationId: row.id,
        };
      });
    },
  };
}

export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
