import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type QdbClient = Client<paths>;

export interface QdbClientOptions {
  /** The API's base, ending in `/qdb/api/v1`, e.g. `https://questa.example.org/qdb/api/v1`. */
  baseUrl: string;
  /** An API key of the tenant (`qdbk_…`), or an access token of Questa's identity provider. */
  apiKey: string;
  /** Another `fetch`, e.g. one with a proxy or a time limit. */
  fetch?: ClientOptions['fetch'];
}

/**
 * A typed client of Questa's question database: every path, parameter, body and answer is typed
 * from the API's own OpenAPI document. Calls return `{ data }` on success and `{ error }` with the
 * RFC 9457 problem document otherwise; they never throw for an HTTP status.
 */
export function createQdbClient(options: QdbClientOptions): QdbClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch && { fetch: options.fetch }),
  });
}
