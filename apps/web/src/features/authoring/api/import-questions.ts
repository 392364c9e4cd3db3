import type { ImportFormat, ImportReport } from '@questa/contracts';
import { invalidateQueries } from '../../../lib/use-query';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';
import { bankKey, banksKey, questionDbUrl } from './question-db';

export type ImportMode = 'all_or_nothing' | 'valid_only';

export interface ImportRequest {
  format: ImportFormat;
  mode: ImportMode;
  dryRun: boolean;
}

/** Checks (dry run) or imports a file of questions into a bank. */
export async function importQuestions(
  clientId: string,
  bankId: string,
  file: File,
  { format, mode, dryRun }: ImportRequest,
  onProgress?: (progress: UploadProgress) => void,
): Promise<ImportReport> {
  const query = new URLSearchParams({ format, mode, dryRun: String(dryRun) });
  const report = await uploadWithProgress<ImportReport>(
    questionDbUrl(clientId, `/banks/${encodeURIComponent(bankId)}/import?${query}`),
    file,
    { onProgress },
  );
  if (!dryRun) {
    await invalidateQueries(bankKey(clientId, bankId));
    void invalidateQueries(banksKey(clientId));
  }
  return report;
}
