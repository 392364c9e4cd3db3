import { sql } from '@questa/db';
import type { CredentialScope } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

const publicColumns = ['id', 'scopes', 'created_at', 'last_used_at', 'revoked_at'] as const;

function toCredential(row: {
  id: string;
  scopes: CredentialScope[];
  created_at: string | Date;
  last_used_at: string | Date | null;
  revoked_at: string | Date | null;
}) {
  return {
    id: row.id,
    scopes: row.scopes,
    createdAt: isoTimestamp(row.created_at),
    lastUsedAt: isoTimestampOrNull(row.last_used_at),
    revokedAt: isoTimestampOrNull(row.revoked_at),
  };
}

export function createCredentialRepository(db: QuestionDb) {
  return {
    async create(credential: {
      id: string;
      clientId: string;
      secretHash: string;
      scopes: CredentialScope[];
    }) {
      const row = await db
        .insertInto('credentials')
        .values({
          id: credential.id,
          client_id: credential.clientId,
          secret_hash: credential.secretHash,
          scopes: credential.scopes,
          last_used_at: null,
          revoked_at: null,
        })
        .returning(publicColumns)
        .executeTakeFirstOrThrow();
      return toCredential(row);
    },

    async list(clientId: string) {
      const rows = await db
        .selectFrom('credentials')
        .select(publicColumns)
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toCredential);
    },

    /** What authenticating with the credential needs, and whether its last use is worth recording. */
    findForAuthentication(credentialId: string) {
      return db
        .selectFrom('credentials')
        .innerJoin('clients', 'clients.id', 'credentials.client_id')
        .select([
          'credentials.id',
          'credentials.client_id as clientId',
          'credentials.secret_hash as secretHash',
          'credentials.scopes',
          sql<boolean>`credentials.revoked_at is not null`.as('revoked'),
          sql<boolean>`clients.plan_limits is not null`.as('paidPlan'),
          sql<boolean>`credentials.last_used_at is null or credentials.last_used_at < now() - interval '1 minute'`.as(
            'usageIsStale',
          ),
        ])
        .where('credentials.id', '=', credentialId)
        .executeTakeFirst();
    },

    // At most one write a minute per key: the condition is repeated here so concurrent requests
    // across processes do not all write.
    async recordUse(credentialId: string): Promise<void> {
      await db
        .updateTable('credentials')
        .set({ last_used_at: sql<string>`now()` })
        .where('id', '=', credentialId)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<', sql<string>`now() - interval '1 minute'`),
          ]),
        )
        .execute();
    },

    /** Revokes the tenant's credential; false when the tenant has no credential of that id. */
    async revoke(clientId: string, credentialId: string): Promise<boolean> {
      const row = await db
        .updateTable('credentials')
        .set({ revoked_at: sql<string>`coalesce(revoked_at, now())` })
        .where('id', '=', credentialId)
        .where('client_id', '=', clientId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type CredentialRepository = ReturnType<typeof createCredentialRepository>;
