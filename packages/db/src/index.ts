export {
  openDatabase,
  type Database,
  type DatabaseOptions,
  type PoolState,
  type ScriptTransaction,
} from './connection';
export { migrate, type MigrationResult } from './migrate';
export {
  prepareDataDir,
  lockExistingDataDir,
  dataDirHolder,
  DataDirError,
  DATA_DIR_CONTROL,
  type DataDirLock,
} from './data-dir';
export { backupArchive, restoreArchive } from './backup/archive';
export { isUnavailableError } from './errors';
export { ConnectionWaitTimeoutError } from './connection-lock';
export {
  sql,
  type Kysely,
  type Selectable,
  type Insertable,
  type Generated,
  type RawBuilder,
  type Transaction,
  type ExpressionBuilder,
} from 'kysely';
