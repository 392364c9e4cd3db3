import type { PGlite } from '@electric-sql/pglite';
import {
  PGliteAdapter,
  PGliteDialect,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import type { ConnectionLock } from './connection-lock';

/** Tells Kysely not to add its own lock, which waits without a limit; ours replaces it. */
class LockedByQuesta extends PGliteAdapter {
  override get supportsMultipleConnections() {
    return true;
  }
}

/**
 * Kysely's PGlite dialect with the one connection guarded by a lock that gives up after a time
 * limit (see `ConnectionLock`).
 */
export class TimedPGliteDialect implements Dialect {
  readonly #inner: PGliteDialect;

  constructor(
    pglite: PGlite,
    private readonly lock: ConnectionLock,
  ) {
    this.#inner = new PGliteDialect({ pglite });
  }

  createAdapter(): DialectAdapter {
    return new LockedByQuesta();
  }

  createDriver(): Driver {
    return new TimedDriver(this.#inner.createDriver(), this.lock);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.#inner.createIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return this.#inner.createQueryCompiler();
  }
}

/** PGlite's driver as it is, but for taking and giving back the connection under our lock. */
class TimedDriver implements Driver {
  constructor(
    private readonly driver: Driver,
    private readonly lock: ConnectionLock,
  ) {}

  init() {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    try {
      return await this.driver.acquireConnection();
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection) {
    try {
      await this.driver.releaseConnection(connection);
    } finally {
      this.lock.release();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.driver.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.driver.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.driver.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.driver.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.driver.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.driver.releaseSavepoint!(connection, name, compile);
  }

  destroy() {
    return this.driver.destroy();
  }
}
