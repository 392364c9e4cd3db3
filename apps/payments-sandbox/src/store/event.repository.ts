import type { EventObject } from '../model/objects';
import type { SandboxDb } from '../sandbox-db';
import { jsonb } from './json';

export function createEventRepository(db: SandboxDb) {
  return {
    async append(events: EventObject[]): Promise<void> {
      if (events.length === 0) return;
      await db
        .insertInto('events')
        .values(events.map((event) => ({ id: event.id, type: event.type, body: jsonb(event) })))
        .execute();
    },

    async find(id: string): Promise<EventObject | undefined> {
      const row = await db
        .selectFrom('events')
        .select('body')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.body as EventObject | undefined;
    },

    async list(query: {
      types?: string[] | undefined;
      limit: number;
      startingAfter?: string | undefined;
      endingBefore?: string | undefined;
    }): Promise<{ data: EventObject[]; hasMore: boolean }> {
      let select = db.selectFrom('events').select(['body', 'seq']);
      if (query.types) select = select.where('type', 'in', query.types);
      const seqOf = (id: string) => db.selectFrom('events').select('seq').where('id', '=', id);
      if (query.endingBefore !== undefined) {
        const rows = await select
          .where('seq', '>', seqOf(query.endingBefore))
          .orderBy('seq', 'asc')
          .limit(query.limit + 1)
          .execute();
        return {
          data: rows
            .slice(0, query.limit)
            .reverse()
            .map((row) => row.body as EventObject),
          hasMore: rows.length > query.limit,
        };
      }
      if (query.startingAfter !== undefined) {
        select = select.where('seq', '<', seqOf(query.startingAfter));
      }
      const rows = await select
        .orderBy('seq', 'desc')
        .limit(query.limit + 1)
        .execute();
      return {
        data: rows.slice(0, query.limit).map((row) => row.body as EventObject),
        hasMore: rows.length > query.limit,
      };
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
