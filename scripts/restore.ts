// `npm run restore -- <file> <new-data-folder>`: unpacks a backup of `npm run backup` into a new
// folder, on which `QUESTA_DATA_DIR=<new-data-folder> npm start` runs (decision 0043).
import path from 'node:path';
import { ConfigError, loadConfig } from '@questa/config';
import { DataDirError, restoreArchive } from '@questa/db';

const [source, folder] = process.argv.slice(2);
if (!source || !folder)
  fail('Name the backup and a new folder: npm run restore -- <file> <folder>');

try {
  const { invocationDir } = loadConfig();
  const file = path.resolve(invocationDir, source);
  const target = path.resolve(invocationDir, folder);
  await restoreArchive(file, target);
  console.log(
    `Restored ${file} into ${target}. Start Questa on it with QUESTA_DATA_DIR=${target} npm start`,
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirError) fail(error.message);
  throw error;
}

function fail(message: string): never {
  console.error(`The restore failed: ${message}`);
  process.exit(1);
}
