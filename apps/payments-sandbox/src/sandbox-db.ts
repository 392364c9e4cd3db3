import type { Database, Generated, Kysely } from '@questa/db';

export const PAYMENTS_SANDBOX_SCHEMA = 'payments_sandbox';

export interface SandboxTables {
  objects: {
    id: string;
    type: string;
    seq: Generated<string>;
    customer: string | null;
    clock: string | null;
    due_at: string | null;
    data: unknown;
    internal: Generated<unknown>;
  };
  events: { id: string; seq: Generated<string>; type: string; body: unknown };
  deliveries: {
    id: Generated<string>;
    event_id: string;
    url: string;
    due_at: string;
    attempts: Generated<number>;
    state: Generated<'pending' | 'delivered' | 'failed'>;
    locked_until: string | null;
    last_status: number | null;
    last_error: string | null;
    delivered_at: string | null;
  };
  idempotency_keys: {
    key: string;
    fingerprint: string;
    state: 'running' | 'done';
    status: number | null;
    body: string | null;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  settings: { name: string; value: unknown };
}

export type SandboxDb = Kysely<SandboxTables>;

/** The shared connection narrowed to the sandbox's own schema. */
export function sandboxDb(database: Database): SandboxDb {
  return database.kysely.withSchema(PAYMENTS_SANDBOX_SCHEMA) as unknown as SandboxDb;
}
