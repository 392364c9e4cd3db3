import type { EventObject } from '../model/objects';
import type { SandboxDb } from '../sandbox-db';
import { jsonb } from './json';
import { pageNewestFirst, type PageQuery } from './paging';

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

    async list(
      query: PageQuery & { types?: string[] | undefined },
    ): Promise<{ data: EventObject[]; hasMore: boolean }> {
      let select = db.selectFrom('events').select(['body', 'seq']);
      if (query.types) select = select.where('type', 'in', query.types);
      const seqOf = (id: string) => db.selectFrom('events').select('seq').where('id', '=', id);
      const page = await pageNewestFirst(query, ({ cursor, order, take }) =>
        (cursor ? select.where('seq', cursor.op, seqOf(cursor.id)) : select)
          .orderBy('seq', order)
          .limit(take)
          .execute(),
      );
      return { data: page.rows.map((row) => row.body as EventObject), hasMore: page.hasMore };
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
