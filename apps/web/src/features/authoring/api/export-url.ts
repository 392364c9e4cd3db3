import type { ExchangeFormat } from '@questa/contracts';
import { questionDbUrl } from './question-db';

export type ExportScope = 'published' | 'all';

/** A download link: a plain GET, so it needs no request header and can be an `<a download>`. */
export function exportUrl(
  clientId: string,
  bankId: string,
  format: ExchangeFormat,
  status: ExportScope,
): string {
  const query = new URLSearchParams({ format, status });
  return questionDbUrl(clientId, `/banks/${encodeURIComponent(bankId)}/export?${query}`);
}
