import type { LearnerClass, RosterLearner, TeachingClass } from '@questa/contracts';
import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

/** A class row as access decisions need it. */
export interface ClassRow {
  id: string;
  clientId: string;
  name: string;
  teacherId: string;
  archivedAt: string | null;
}

export function createClassRepository(db: ApiDb) {
  const teachingView = () =>
    db
      .selectFrom('classes as c')
      .innerJoin('users as t', 't.id', 'c.teacher_id')
      .select((eb) => [
        'c.id',
        'c.client_id as clientId',
        'c.name',
        'c.join_code as joinCode',
        'c.teacher_id as teacherId',
        't.display_name as teacherName',
        'c.created_at as createdAt',
        'c.archived_at as archivedAt',
        eb
          .selectFrom('class_members as m')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('m.class_id', '=', 'c.id')
          .as('learnerCount'),
      ]);

  type TeachingRow = Awaited<ReturnType<ReturnType<typeof teachingView>['execute']>>[number];
  const toTeaching = (row: TeachingRow): TeachingClass => ({
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    joinCode: row.joinCode,
    teacherId: row.teacherId,
    teacherName: row.teacherName,
    learnerCount: Number(row.learnerCount ?? 0),
    createdAt: iso(row.createdAt),
    archivedAt: isoOrNull(row.archivedAt),
  });

  return {
    /** Inserts the class unless its code is taken; false then, and the caller draws another. */
    async create(input: {
      clientId: string;
      name: string;
      joinCode: string;
      teacherId: string;
    }): Promise<string | undefined> {
      const row = await db
        .insertInto('classes')
        .values({
          client_id: input.clientId,
          name: input.name,
          join_code: input.joinCode,
          teacher_id: input.teacherId,
        })
        .onConflict((conflict) => conflict.column('join_code').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The class, only if it belongs to the tenant: another tenant's id reads as missing. */
    async find(clientId: string, classId: string): Promise<ClassRow | undefined> {
      return db
        .selectFrom('classes')
        .select([
          'id',
          'client_id as clientId',
          'name',
          'teacher_id as teacherId',
          'archived_at as archivedAt',
        ])
        .where('id', '=', classId)
        .where('client_id', '=', clientId)
        .executeTakeFirst()
        .then((row) => row && { ...row, archivedAt: isoOrNull(row.archivedAt) });
    },

    async teaching(classId: string): Promise<TeachingClass> {
      return toTeaching(await teachingView().where('c.id', '=', classId).executeTakeFirstOrThrow());
    },

    /** A tenant's classes, newest first; only `teacherId`'s unless undefined (an owner). */
    async list(clientId: string, teacherId: string | undefined): Promise<TeachingClass[]> {
      let query = teachingView().where('c.client_id', '=', clientId);
      if (teacherId !== undefined) query = query.where('c.teacher_id', '=', teacherId);
      const rows = await query
        .orderBy('c.archived_at', (ob) => ob.asc().nullsFirst())
        .orderBy('c.created_at', 'desc')
        .execute();
      return rows.map(toTeaching);
    },

    async roster(classId: string): Promise<RosterLearner[]> {
      const rows = await db
        .selectFrom('class_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select([
          'u.id as userId',
          'u.display_name as displayName',
          'u.email',
          'm.joined_at as joinedAt',
        ])
        .where('m.class_id', '=', classId)
        .orderBy('u.display_name')
        .orderBy('u.id')
        .execute();
      return rows.map((row) => ({ ...row, joinedAt: iso(row.joinedAt) }));
    },

    async removeMember(classId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('class_members')
        .where('class_id', '=', classId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Archives once: archiving again keeps the first date. */
    async archive(classId: string): Promise<void> {
      await db
        .updateTable('classes')
        .set({ archived_at: sql<string>`coalesce(archived_at, now())` })
        .where('id', '=', classId)
        .execute();
    },

    async byCode(joinCode: string) {
      return db
        .selectFrom('classes')
        .select(['id', 'archived_at as archivedAt', 'teacher_id as teacherId'])
        .where('join_code', '=', joinCode)
        .executeTakeFirst();
    },

    /** Adds the learner; joining again keeps the first date. */
    /** Whether this call added them: of two joins at once, only one did. */
    async addMember(classId: string, userId: string): Promise<boolean> {
      const added = await db
        .insertInto('class_members')
        .values({ class_id: classId, user_id: userId })
        .onConflict((conflict) => conflict.columns(['class_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return added !== undefined;
    },

    async countMembers(classId: string): Promise<number> {
      const row = await db
        .selectFrom('class_members')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('class_id', '=', classId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async isMember(classId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('class_members')
        .select('class_id')
        .where('class_id', '=', classId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The classes a learner is in, newest joined first. */
    async ofLearner(userId: string, classId?: string): Promise<LearnerClass[]> {
      let query = db
        .selectFrom('class_members as m')
        .innerJoin('classes as c', 'c.id', 'm.class_id')
        .innerJoin('users as t', 't.id', 'c.teacher_id')
        .select([
          'c.id',
          'c.name',
          't.display_name as teacherName',
          'm.joined_at as joinedAt',
          'c.archived_at as archivedAt',
        ])
        .where('m.user_id', '=', userId);
      if (classId !== undefined) query = query.where('c.id', '=', classId);
      const rows = await query.orderBy('m.joined_at', 'desc').execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        teacherName: row.teacherName,
        joinedAt: iso(row.joinedAt),
        archived: row.archivedAt !== null,
      }));
    },
  };
}

export type ClassRepository = ReturnType<typeof createClassRepository>;
