import type { SandboxDb } from '../sandbox-db';
import { jsonb } from './json';

export function createSettingsRepository(db: SandboxDb) {
  return {
    async get<T>(name: string): Promise<T | undefined> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.value as T | undefined;
    },

    async set(name: string, value: unknown): Promise<void> {
      await db
        .insertInto('settings')
        .values({ name, value: jsonb(value) })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: jsonb(value) }))
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
