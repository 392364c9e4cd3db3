import { randomBytes } from 'node:crypto';
import type { Notification, NotificationKind, NotificationSubject } from '@questa/contracts';
import type { ApiDb } from '../../db/tables';
import { jsonb } from '../../db/json';

const iso = (value: string | Date) => new Date(value).toISOString();

export function createNotificationRepository(db: ApiDb) {
  return {
    async add(userId: string, subject: NotificationSubject): Promise<void> {
      await db
        .insertInto('notifications')
        .values({ user_id: userId, kind: subject.kind, subject: jsonb(subject) })
        .execute();
    },

    async addMany(userIds: readonly string[], subject: NotificationSubject): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insertInto('notifications')
        .values(
          userIds.map((userId) => ({
            user_id: userId,
            kind: subject.kind,
            subject: jsonb(subject),
          })),
        )
        .execute();
    },

    /** Newest first, `limit` of them from after the notification `before` in that order. */
    async page(userId: string, limit: number, before?: string): Promise<Notification[]> {
      let query = db
        .selectFrom('notifications')
        .select(['id', 'subject', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (before) {
        query = query.where((eb) =>
          eb(
            eb.refTuple('created_at', 'id'),
            '<',
            eb
              .selectFrom('notifications as cursor')
              .select(['cursor.created_at', 'cursor.id'])
              .where('cursor.id', '=', before)
              .where('cursor.user_id', '=', userId)
              .$asTuple('created_at', 'id'),
          ),
        );
      }
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        subject: row.subject as NotificationSubject,
        createdAt: iso(row.created_at),
        readAt: row.read_at === null ? null : iso(row.read_at),
      }));
    },

    async unread(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the person's own notifications read: `ids`, or all when undefined. */
    async markRead(userId: string, ids: readonly string[] | undefined): Promise<void> {
      if (ids?.length === 0) return;
      let query = db
        .updateTable('notifications')
        .set({ read_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids) query = query.where('id', 'in', ids);
      await query.execute();
    },

    async mailChoices(userId: string): Promise<Partial<Record<NotificationKind, boolean>>> {
      const rows = await db
        .selectFrom('notification_mail_preferences')
        .select(['kind', 'mail'])
        .where('user_id', '=', userId)
        .execute();
      return Object.fromEntries(rows.map((row) => [row.kind, row.mail]));
    },

    async chooseMail(userId: string, choices: Partial<Record<NotificationKind, boolean>>) {
      for (const [kind, mail] of Object.entries(choices)) {
        await db
          .insertInto('notification_mail_preferences')
          .values({ user_id: userId, kind, mail })
          .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet({ mail }))
          .execute();
      }
    },

    /** Where a mail goes, for a person who still has an account. */
    async recipient(userId: string) {
      return db
        .selectFrom('users')
        .select(['email', 'display_name as name'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async userExists(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The key unsubscribe links are signed with, made once by whichever process asks first. */
    async signingKey(): Promise<Buffer> {
      await db
        .insertInto('notification_signing_keys')
        .values({ id: 1, secret: randomBytes(32) })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      const row = await db
        .selectFrom('notification_signing_keys')
        .select('secret')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.secret);
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
