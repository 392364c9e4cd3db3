import type { QuestionDb } from '../../db/tables';

export function createMediaRepository(db: QuestionDb) {
  return {
    async record(media: {
      clientId: string;
      sha256: string;
      contentType: string;
      bytes: number;
      width: number | null;
      height: number | null;
    }) {
      await db
        .insertInto('media')
        .values({
          client_id: media.clientId,
          sha256: media.sha256,
          content_type: media.contentType,
          bytes: media.bytes,
          width: media.width,
          height: media.height,
        })
        .onConflict((conflict) => conflict.columns(['client_id', 'sha256']).doNothing())
        .execute();
    },

    /** Those of `hashes` the tenant never uploaded. */
    async unknownTo(clientId: string, hashes: readonly string[]): Promise<string[]> {
      if (hashes.length === 0) return [];
      const known = await db
        .selectFrom('media')
        .select('sha256')
        .where('client_id', '=', clientId)
        .where('sha256', 'in', hashes)
        .execute();
      const knownHashes = new Set(known.map((row) => row.sha256));
      return hashes.filter((hash) => !knownHashes.has(hash));
    },

    /** What the content-delivery route needs: the type, and the length for byte ranges. */
    async describe(sha256: string): Promise<{ contentType: string; bytes: number } | undefined> {
      const row = await db
        .selectFrom('media')
        .select(['content_type', 'bytes'])
        .where('sha256', '=', sha256)
        .limit(1)
        .executeTakeFirst();
      return row && { contentType: row.content_type, bytes: row.bytes };
    },

    async contentType(sha256: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('media')
        .select('content_type')
        .where('sha256', '=', sha256)
        .limit(1)
        .executeTakeFirst();
      return row?.content_type;
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
