import type { Generated, Kysely } from '@questa/db';

/** The main API's own tables, in the `main_api` schema. */
export interface ApiTables {
  users: {
    id: Generated<string>;
    sub: string;
    email: string;
    display_name: string;
    roles: string[];
    created_at: Generated<string>;
  };
}

export type ApiDb = Kysely<ApiTables>;

export const API_SCHEMA = 'main_api';
export const apiMigrations = new URL('../migrations/', import.meta.url);
