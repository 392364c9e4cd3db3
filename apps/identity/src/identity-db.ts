import type { JWK } from 'jose';
import type { Database, Generated, Kysely } from '@questa/db';

export const IDENTITY_SCHEMA = 'identity';

export interface IdentityTables {
  signing_keys: {
    kid: string;
    private_jwk: JWK;
    created_at: Generated<string>;
    retired_at: string | null;
  };
  cookie_keys: { id: Generated<number>; secret: string; created_at: Generated<string> };
  accounts: {
    id: Generated<string>;
    email: string;
    display_name: string;
    password_hash: string;
    roles: Generated<string[]>;
    email_verified_at: string | null;
    created_at: Generated<string>;
  };
  oidc_payloads: {
    model: string;
    id: string;
    payload: Record<string, unknown>;
    grant_id: string | null;
    user_code: string | null;
    uid: string | null;
    expires_at: string | null;
    consumed_at: string | null;
  };
  back_channel_logouts: {
    id: Generated<string>;
    account_id: string;
    client_id: string;
    attempts: Generated<number>;
    next_attempt_at: string;
    created_at: Generated<string>;
  };
  email_tokens: {
    token_hash: string;
    account_id: string;
    purpose: 'verify' | 'reset';
    expires_at: string;
    used_at: string | null;
    created_at: Generated<string>;
  };
  sign_in_throttle: {
    account_key: string;
    failures: number;
    last_failure_at: string;
    noticed_at: string | null;
  };
}

export type IdentityDb = Kysely<IdentityTables>;

/** The shared connection narrowed to the identity provider's own schema. */
export function identityDb(database: Database): IdentityDb {
  return database.kysely.withSchema(IDENTITY_SCHEMA) as unknown as IdentityDb;
}
