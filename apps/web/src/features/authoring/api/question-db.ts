import { apiRequest, type RequestOptions } from '../../../lib/api-client';
import { config } from '../../../lib/config';

// Every call goes to one tenant of the question database, on the same origin: the main API relays
// it with the signed-in user's token, so the browser never holds one.

const tenantPath = (clientId: string, rest: string) => `/${encodeURIComponent(clientId)}${rest}`;

export function questionDbRequest<T>(
  clientId: string,
  rest: string,
  options: RequestOptions = {},
): Promise<T> {
  return apiRequest<T>(tenantPath(clientId, rest), { ...options, base: config.questionDbBase });
}

/** The full address, for links and uploads that do not go through `apiRequest`. */
export const questionDbUrl = (clientId: string, rest: string) =>
  `${config.questionDbBase}${tenantPath(clientId, rest)}`;

// Cache keys nest, so invalidating a tenant's banks also refreshes each bank and its questions.
export const banksKey = (clientId: string) => `qdb/${clientId}/banks`;
export const bankKey = (clientId: string, bankId: string) => `${banksKey(clientId)}/${bankId}`;
export const questionKey = (clientId: string, questionId: string) =>
  `qdb/${clientId}/questions/${questionId}`;
export const credentialsKey = (clientId: string) => `qdb/${clientId}/credentials`;
export const publishingKey = (clientId: string) => `qdb/${clientId}/publishing`;
