import { sql } from '@questa/db';
import type { WorkspaceLimitKind } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';

export interface Usage {
  raised: Partial<Record<WorkspaceLimitKind, number>>;
  used: Record<WorkspaceLimitKind, number>;
}

export function createLimitRepository(db: QuestionDb) {
  return {
    /**
     * What the workspace uses of each limit, in one statement; undefined for no such workspace.
     * Members count with the invitations still open on the database's clock.
     */
    async usage(clientId: string): Promise<Usage | undefined> {
      const row = await db
        .selectFrom('clients as c')
        .select((eb) => [
          'c.raised_limits',
          eb
            .selectFrom('memberships as m')
            .select((n) => n.fn.countAll<string>().as('n'))
            .whereRef('m.client_id', '=', 'c.id')
            .as('members'),
          eb
            .selectFrom('invitations as i')
            .select((n) => n.fn.countAll<string>().as('n'))
            .whereRef('i.client_id', '=', 'c.id')
            .where('i.accepted_at', 'is', null)
            .where('i.revoked_at', 'is', null)
            .where('i.expires_at', '>', sql<string>`now()`)
            .as('invited'),
          eb
            .selectFrom('banks as b')
            .select((n) => n.fn.countAll<string>().as('n'))
            .whereRef('b.client_id', '=', 'c.id')
            .as('banks'),
          eb
            .selectFrom('questions as q')
            .innerJoin('banks as b', 'b.id', 'q.bank_id')
            .select((n) => n.fn.countAll<string>().as('n'))
            .whereRef('b.client_id', '=', 'c.id')
            .as('questions'),
        ])
        .where('c.id', '=', clientId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        raised: row.raised_limits,
        used: {
          members: Number(row.members ?? 0) + Number(row.invited ?? 0),
          banks: Number(row.banks ?? 0),
          questions: Number(row.questions ?? 0),
        },
      };
    },

    async raise(
      clientId: string,
      raised: Partial<Record<WorkspaceLimitKind, number>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('clients')
        .set({ raised_limits: sql`${JSON.stringify(raised)}::jsonb` })
        .where('id', '=', clientId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type LimitRepository = ReturnType<typeof createLimitRepository>;
