import type { z } from 'zod';
import type { blueprintInput } from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb } from '../../db/json';
import type { ApiDb } from '../../db/tables';

type BlueprintInput = z.output<typeof blueprintInput>;

export interface BlueprintRow extends BlueprintInput {
  id: string;
  clientId: string;
  bankId: string;
}

const columns = [
  'id',
  'client_id as clientId',
  'bank_id as bankId',
  'title',
  'rules',
  'time_limit_seconds as timeLimitSeconds',
  'pass_mark as passMark',
  'shuffle',
  'review_policy as reviewPolicy',
] as const;

/** Exam blueprints, always read within a tenant: a bank id alone never reaches another's. */
export function createBlueprintRepository(db: ApiDb) {
  const values = (input: BlueprintInput) => ({
    title: input.title,
    rules: jsonb(input.rules),
    time_limit_seconds: input.timeLimitSeconds,
    pass_mark: input.passMark,
    shuffle: input.shuffle,
    review_policy: input.reviewPolicy,
  });

  return {
    list: (clientId: string, bankId: string): Promise<BlueprintRow[]> =>
      db
        .selectFrom('exam_blueprints')
        .select(columns)
        .where('client_id', '=', clientId)
        .where('bank_id', '=', bankId)
        .orderBy('created_at')
        .execute(),

    find: (clientId: string, bankId: string, id: string): Promise<BlueprintRow | undefined> =>
      db
        .selectFrom('exam_blueprints')
        .select(columns)
        .where('client_id', '=', clientId)
        .where('bank_id', '=', bankId)
        .where('id', '=', id)
        .executeTakeFirst(),

    create: (clientId: string, bankId: string, input: BlueprintInput, by: string) =>
      db
        .insertInto('exam_blueprints')
        .values({ client_id: clientId, bank_id: bankId, created_by: by, ...values(input) })
        .returning(columns)
        .executeTakeFirstOrThrow(),

    update: (clientId: string, bankId: string, id: string, input: BlueprintInput) =>
      db
        .updateTable('exam_blueprints')
        .set({ ...values(input), updated_at: sql<string>`now()` })
        .where('client_id', '=', clientId)
        .where('bank_id', '=', bankId)
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst(),

    async remove(clientId: string, bankId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('exam_blueprints')
        .where('client_id', '=', clientId)
        .where('bank_id', '=', bankId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type BlueprintRepository = ReturnType<typeof createBlueprintRepository>;
