import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sql } from '@questa/db';
import type { IdentityDb } from '../../identity-db';

const epochSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * oidc-provider's storage in PostgreSQL (or PGlite): one row per model instance, with the columns
 * its secondary look-ups need. Expired rows are invisible at once and deleted by `purgeExpired`.
 */
export function createOidcPayloadRepository(db: IdentityDb) {
  const live = () =>
    db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where((eb) =>
        eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date().toISOString())]),
      );

  const toPayload = (
    row: { payload: Record<string, unknown>; consumed_at: string | null } | undefined,
  ): AdapterPayload | undefined =>
    row
      ? {
          ...(row.payload as AdapterPayload),
          ...(row.consumed_at ? { consumed: epochSeconds(row.consumed_at) } : {}),
        }
      : undefined;

  const adapterFor = (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const values = {
        payload: JSON.stringify(payload) as unknown as Record<string, unknown>,
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at:
          typeof expiresIn === 'number'
            ? new Date(Date.now() + expiresIn * 1000).toISOString()
            : null,
      };
      await db
        .insertInto('oidc_payloads')
        .values({ model, id, ...values })
        .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(values))
        .execute();
    },

    async find(id) {
      return toPayload(
        await live().where('model', '=', model).where('id', '=', id).executeTakeFirst(),
      );
    },

    async findByUid(uid) {
      return toPayload(
        await live().where('model', '=', model).where('uid', '=', uid).executeTakeFirst(),
      );
    },

    async findByUserCode(userCode) {
      return toPayload(
        await live()
          .where('model', '=', model)
          .where('user_code', '=', userCode)
          .executeTakeFirst(),
      );
    },

    async consume(id) {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: sql<string>`now()` })
        .where('model', '=', model)
        .where('id', '=', id)
        .execute();
    },

    async destroy(id) {
      await db
        .deleteFrom('oidc_payloads')
        .where('model', '=', model)
        .where('id', '=', id)
        .execute();
    },

    async revokeByGrantId(grantId) {
      await db
        .deleteFrom('oidc_payloads')
        .where('model', '=', model)
        .where('grant_id', '=', grantId)
        .execute();
    },
  });

  return {
    adapterFor,

    /** Ends every session, grant and token of one account, e.g. after its password changed. */
    async revokeAccount(accountId: string): Promise<void> {
      await db
        .deleteFrom('oidc_payloads')
        .where(sql<string>`payload ->> 'accountId'`, '=', accountId)
        .execute();
    },

    async purgeExpired(): Promise<number> {
      const result = await db
        .deleteFrom('oidc_payloads')
        .where('expires_at', '<=', new Date().toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type OidcPayloadRepository = ReturnType<typeof createOidcPayloadRepository>;
