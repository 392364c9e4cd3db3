import {
  catalogBankDetail,
  catalogList,
  problem,
  type CatalogBankDetail,
  type CatalogList,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { z } from 'zod';

/** What the main API asks of the question database. */
export interface QuestionDbClient {
  listCatalog(requestId?: string): Promise<CatalogList>;
  getCatalogBank(bankId: string, requestId?: string): Promise<CatalogBankDetail>;
}

/**
 * Speaks HTTP to the question-database API, in one-process mode over loopback and in distributed
 * mode across the network, so both run the same code. Any answer that is not a valid response or a
 * known problem becomes `unavailable`: the main API never passes on what it cannot vouch for.
 */
export function createHttpQuestionDbClient(options: {
  baseUrl: string;
  timeoutMs?: number;
}): QuestionDbClient {
  async function get<T extends z.ZodType>(path: string, schema: T, requestId?: string) {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        headers: {
          accept: 'application/json',
          ...(requestId ? { 'x-request-id': requestId } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
    } catch {
      throw unavailable();
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data as z.output<T>;
      throw unavailable();
    }
    const failure = problem.safeParse(body);
    if (failure.success && failure.data.code !== 'internal' && failure.data.status < 500) {
      throw new HttpProblem(failure.data.code, { detail: failure.data.detail });
    }
    throw unavailable();
  }

  return {
    listCatalog: (requestId) => get('/catalog/banks', catalogList, requestId),
    getCatalogBank: (bankId, requestId) =>
      get(`/catalog/banks/${encodeURIComponent(bankId)}`, catalogBankDetail, requestId),
  };
}

const unavailable = () =>
  new HttpProblem('unavailable', {
    detail: 'The question database is not answering. Please try again shortly.',
    retryAfter: 5,
  });
