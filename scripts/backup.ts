// `npm run backup -- <file>`: a backup of the embedded Questa in QUESTA_DATA_DIR (decision 0043),
// taken from the running process when one holds the folder, from the folder itself otherwise.
import path from 'node:path';
import { ConfigError, loadConfig } from '@questa/config';
import { DataDirError } from '@questa/db';
import { backUpDataDir } from '@questa/http-kit';

const [target] = process.argv.slice(2);
if (!target) fail('Name the file to write: npm run backup -- <file>');

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    fail(
      'DATABASE_URL is set: back up that database with pg_dump and the media store as the README\'s "Backups" section says.',
    );
  }
  const file = path.resolve(config.invocationDir, target);
  const started = performance.now();
  const from = await backUpDataDir(config.dataDir, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Wrote a backup of ${config.dataDir} to ${file} in ${seconds} s (${from === 'running' ? 'from the running Questa' : 'Questa was not running'}).`,
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirError) fail(error.message);
  throw error;
}

function fail(message: string): never {
  console.error(`The backup failed: ${message}`);
  process.exit(1);
}
