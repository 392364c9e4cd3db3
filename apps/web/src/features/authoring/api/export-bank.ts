import type { ExchangeFormat } from '@questa/contracts';
import { networkError, readProblem, requestHeaders } from '../../../lib/api-client';
import { exportUrl, type ExportScope } from './export-url';

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * Fetches the export before handing it to the browser, so a refusal (an export that would be
 * empty) is said on the page instead of being saved as a file of JSON.
 */
export async function exportBank(
  clientId: string,
  bankId: string,
  format: ExchangeFormat,
  scope: ExportScope,
): Promise<ExportedFile> {
  let response: Response;
  try {
    response = await fetch(exportUrl(clientId, bankId, format, scope), {
      headers: { ...requestHeaders(), Accept: '*/*' },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await readProblem(response);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition'), `export.${format}`),
  };
}

/** Saves a fetched file the way a download link would. */
export function saveFile(file: ExportedFile) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
