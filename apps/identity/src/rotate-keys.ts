import { loadConfig } from '@questa/config';
import { migrate, openDatabase, prepareDataDir, type DataDirLock } from '@questa/db';
import { IDENTITY_SCHEMA, identityMigrations } from './app';
import { rotateSigningKey } from './modules/keys/rotate-signing-key';

/** `npm run rotate-keys -w @questa/identity`: a new signing key for the embedded provider. */
const config = loadConfig();
// PGlite's files belong to one process at a time: refuse while a server holds them.
let lock: DataDirLock | undefined;
if (!config.databaseUrl) lock = await prepareDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database, IDENTITY_SCHEMA, identityMigrations);
  const { kid } = await rotateSigningKey(database);
  console.log(
    `New signing key ${kid} is in place. Restart the identity provider to sign with it; the previous keys stay published for a day.`,
  );
} finally {
  await database.close();
  await lock?.release();
}
