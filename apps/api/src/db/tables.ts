import type { Generated, Kysely } from '@questa/db';

/** The main API's own tables, in the `main_api` schema. */
export interface ApiTables {
  users: {
    id: Generated<string>;
    sub: string;
    email: string;
    display_name: string;
    granted_roles: Generated<string[]>;
    idp_roles: Generated<string[]>;
    last_sign_in_at: string | null;
    created_at: Generated<string>;
  };
  sessions: {
    id_hash: string;
    user_id: string;
    access_token: string;
    refresh_token: string | null;
    id_token: string;
    access_expires_at: string;
    created_at: Generated<string>;
    last_seen_at: Generated<string>;
    expires_at: string;
    user_agent: string;
    ip: string;
  };
  login_attempts: {
    state: string;
    code_verifier: string;
    nonce: string;
    return_to: string;
    created_at: Generated<string>;
  };
  audit_events: {
    id: Generated<string>;
    at: Generated<string>;
    action: string;
    actor: string | null;
    target: string | null;
    ip: string | null;
    details: Generated<Record<string, unknown>>;
  };
}

export type ApiDb = Kysely<ApiTables>;

export const API_SCHEMA = 'main_api';
export const apiMigrations = new URL('../migrations/', import.meta.url);
