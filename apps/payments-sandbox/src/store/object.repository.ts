import { sql } from '@questa/db';
import type { SandboxDb } from '../sandbox-db';
import type { SearchQuery } from '../wire/search-query';
import { jsonb } from './json';
import { pageNewestFirst, type PageQuery } from './paging';

/** One stored object: what the API shows (`data`) and what the sandbox keeps to itself. */
export interface StoredObject<T = unknown, I = Record<string, unknown>> {
  id: string;
  type: string;
  customer: string | null;
  /** A test clock's id; null for the sandbox's own clock. */
  clock: string | null;
  /** Sandbox time at which the billing clock must next look at the object. */
  dueAt: number | null;
  data: T;
  internal: I;
}

/** Equality on a field of `data`, by dotted path (`recurring.interval`); lists mean "any of". */
export type FieldFilter = Record<string, string | boolean | null | string[]>;

export interface ListQuery extends PageQuery {
  customer?: string | undefined;
  where?: FieldFilter;
}

type Row = {
  id: string;
  type: string;
  customer: string | null;
  clock: string | null;
  due_at: string | null;
  data: unknown;
  internal: unknown;
};

const fromRow = <T, I>(row: Row): StoredObject<T, I> => ({
  id: row.id,
  type: row.type,
  customer: row.customer,
  clock: row.clock,
  dueAt: row.due_at === null ? null : Number(row.due_at),
  data: row.data as T,
  internal: row.internal as I,
});

const fieldOf = (path: string) => sql<string>`data #>> ${`{${path.split('.').join(',')}}`}::text[]`;

export function createObjectRepository(db: SandboxDb) {
  const columns = ['id', 'type', 'customer', 'clock', 'due_at', 'data', 'internal'] as const;

  return {
    /** The object with `id`; `lock` holds its row until the transaction ends. */
    async find<T, I = Record<string, unknown>>(
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<StoredObject<T, I> | undefined> {
      let query = db.selectFrom('objects').select(columns).where('id', '=', id);
      if (options.lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row && fromRow<T, I>(row);
    },

    /** The first object of `type` whose field equals `value`, ignoring case when asked. */
    async findBy<T>(
      type: string,
      field: string,
      value: string,
      options: { ignoreCase?: boolean } = {},
    ): Promise<StoredObject<T> | undefined> {
      const row = await db
        .selectFrom('objects')
        .select(columns)
        .where('type', '=', type)
        .where(
          options.ignoreCase ? sql<string>`lower(${fieldOf(field)})` : fieldOf(field),
          '=',
          options.ignoreCase ? value.toLowerCase() : value,
        )
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && fromRow<T, Record<string, unknown>>(row);
    },

    async insert(object: StoredObject): Promise<void> {
      await db
        .insertInto('objects')
        .values({
          id: object.id,
          type: object.type,
          customer: object.customer,
          clock: object.clock,
          due_at: object.dueAt === null ? null : String(object.dueAt),
          data: jsonb(object.data),
          internal: jsonb(object.internal),
        })
        .execute();
    },

    async update(object: StoredObject): Promise<void> {
      await db
        .updateTable('objects')
        .set({
          customer: object.customer,
          due_at: object.dueAt === null ? null : String(object.dueAt),
          data: jsonb(object.data),
          internal: jsonb(object.internal),
        })
        .where('id', '=', object.id)
        .execute();
    },

    /** A page of objects of `type`, newest first, as Stripe's list endpoints page them. */
    async list<T>(type: string, query: ListQuery): Promise<{ data: T[]; hasMore: boolean }> {
      let select = db.selectFrom('objects').select(['data', 'seq']).where('type', '=', type);
      if (query.customer !== undefined) select = select.where('customer', '=', query.customer);
      for (const [path, value] of Object.entries(query.where ?? {})) {
        if (Array.isArray(value)) select = select.where(fieldOf(path), 'in', value);
        else if (value === null) select = select.where(fieldOf(path), 'is', null);
        else select = select.where(fieldOf(path), '=', String(value));
      }
      const seqOf = (id: string) =>
        db.selectFrom('objects').select('seq').where('id', '=', id).where('type', '=', type);
      const page = await pageNewestFirst(query, ({ cursor, order, take }) =>
        (cursor ? select.where('seq', cursor.op, seqOf(cursor.id)) : select)
          .orderBy('seq', order)
          .limit(take)
          .execute(),
      );
      return { data: page.rows.map((row) => row.data as T), hasMore: page.hasMore };
    },

    /**
     * A page of objects of `type` that `query` matches, newest first; `after` is the `seq` the
     * previous page ended at. Comparisons ignore case, as Stripe's search does.
     */
    async search<T>(
      type: string,
      query: SearchQuery,
      page: { limit: number; after: number | undefined },
    ): Promise<{ data: T[]; hasMore: boolean; last: number | undefined }> {
      const rows = await db
        .selectFrom('objects')
        .select(['data', 'seq'])
        .where('type', '=', type)
        .where(sql<string>`data #>> '{deleted}'`, 'is', null)
        .where((eb) => {
          const tests = query.clauses.map((clause) => {
            const field = sql<string>`lower(${fieldOf(clause.field)})`;
            const value = clause.value.toLowerCase();
            const test =
              clause.match === 'exact'
                ? eb(field, '=', value)
                : eb(sql<number>`strpos(${field}, ${value})`, '>', 0);
            return clause.negated ? eb.not(eb.fn.coalesce(test, eb.val(false))) : test;
          });
          return query.join === 'or' ? eb.or(tests) : eb.and(tests);
        })
        .$if(page.after !== undefined, (select) => select.where('seq', '<', String(page.after)))
        .orderBy('seq', 'desc')
        .limit(page.limit + 1)
        .execute();
      const shown = rows.slice(0, page.limit);
      return {
        data: shown.map((row) => row.data as T),
        hasMore: rows.length > page.limit,
        last: shown.length > 0 ? Number(shown.at(-1)!.seq) : undefined,
      };
    },

    /**
     * The object on `clock` that is due first, at or before `until`, locked; one another process
     * is already working on is skipped.
     */
    async nextDue(clock: string | null, until: number): Promise<StoredObject | undefined> {
      const row = await db
        .selectFrom('objects')
        .select(columns)
        .where('due_at', 'is not', null)
        .where('due_at', '<=', String(until))
        .where(clock === null ? sql<boolean>`clock is null` : sql<boolean>`clock = ${clock}`)
        .orderBy(sql`due_at::bigint`)
        .orderBy('seq')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /** Every object of `type` on `clock`, for a test clock's deletion. */
    async idsOnClock(clock: string, type: string): Promise<string[]> {
      const rows = await db
        .selectFrom('objects')
        .select('id')
        .where('clock', '=', clock)
        .where('type', '=', type)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type ObjectRepository = ReturnType<typeof createObjectRepository>;
