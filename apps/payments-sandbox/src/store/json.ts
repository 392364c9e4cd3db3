import { sql, type RawBuilder } from '@questa/db';

/**
 * A value for a jsonb column. Both drivers take JSON text for it; passing an array as it is
 * would make node-postgres send a PostgreSQL array instead.
 */
export const jsonb = <T>(value: T): RawBuilder<T> => sql<T>`${JSON.stringify(value)}::jsonb`;
