import type { BankInput } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';

export function createBankRepository(db: QuestionDb) {
  return {
    async create(clientId: string, bank: Required<BankInput>) {
      return db
        .insertInto('banks')
        .values({ client_id: clientId, ...bank })
        .returning(['id', 'slug'])
        .executeTakeFirstOrThrow();
    },
  };
}

export type BankRepository = ReturnType<typeof createBankRepository>;
