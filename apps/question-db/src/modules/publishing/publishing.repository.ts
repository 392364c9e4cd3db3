import { holdersOf } from '@questa/policy';
import type { QuestionDb } from '../../db/tables';

/** The tenant roles that can publish, as the policy grants `question:publish`. */
const publisherRoles = holdersOf('question:publish').tenantRoles;

export function createPublishingRepository(db: QuestionDb) {
  return {
    /** The owner's choice and how many members can publish; undefined for no such tenant. */
    async find(
      clientId: string,
    ): Promise<{ secondPerson: boolean; publishers: number } | undefined> {
      const row = await db
        .selectFrom('clients as c')
        .select((eb) => [
          'c.publishing_second_person as secondPerson',
          eb
            .selectFrom('memberships as m')
            .select((count) => count.fn.countAll<string>().as('n'))
            .whereRef('m.client_id', '=', 'c.id')
            .where('m.role', 'in', publisherRoles)
            .as('publishers'),
        ])
        .where('c.id', '=', clientId)
        .executeTakeFirst();
      return row && { secondPerson: row.secondPerson, publishers: Number(row.publishers ?? 0) };
    },

    async choose(clientId: string, secondPerson: boolean): Promise<boolean> {
      const result = await db
        .updateTable('clients')
        .set({ publishing_second_person: secondPerson })
        .where('id', '=', clientId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>;
