import type { AuditAction, AuditEvent, AuditQuery } from '@questa/contracts';
import type { ApiDb } from '../../db/tables';

export interface NewAuditEvent {
  action: AuditAction;
  actor: string | null;
  target: string | null;
  ip: string | null;
  details?: Record<string, unknown>;
}

export function createAuditRepository(db: ApiDb) {
  return {
    async record(event: NewAuditEvent) {
      await db
        .insertInto('audit_events')
        .values({
          ...event,
          details: JSON.stringify(event.details ?? {}) as unknown as Record<string, unknown>,
        })
        .execute();
    },

    /**
     * Newest first, narrowed by who did it, what it was and when; the cursor is the id of the last
     * event already shown.
     */
    async list({ who, action, from, to, cursor, limit }: AuditQuery) {
      let query = db
        .selectFrom('audit_events as e')
        // Named by email here, whichever page of users an admin's screen has loaded.
        .leftJoin('users as u', 'u.sub', 'e.actor')
        .select([
          'e.id',
          'e.at',
          'e.action',
          'e.actor',
          'u.email as actorEmail',
          'e.target',
          'e.ip',
          'e.details',
        ])
        .orderBy('e.id', 'desc')
        .limit(limit + 1);
      if (cursor && /^\d+$/.test(cursor)) query = query.where('e.id', '<', cursor);
      if (action) query = query.where('e.action', '=', action);
      if (from) query = query.where('e.at', '>=', from);
      if (to) query = query.where('e.at', '<', to);
      if (who) {
        // Events name their actor by subject; admins know people by email or name.
        const pattern = `%${who.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((row) =>
          row.or([
            row('e.actor', '=', who),
            row(
              'e.actor',
              'in',
              db
                .selectFrom('users')
                .select('sub')
                .where((user) =>
                  user.or([
                    user('email', 'ilike', pattern),
                    user('display_name', 'ilike', pattern),
                  ]),
                ),
            ),
          ]),
        );
      }
      const rows = await query.execute();
      const events: AuditEvent[] = rows.slice(0, limit).map((row) => ({
        ...row,
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        action: row.action as AuditAction,
      }));
      return { events, nextCursor: rows.length > limit ? events[events.length - 1]!.id : null };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
