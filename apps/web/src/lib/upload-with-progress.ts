import { networkError, readProblem, requestHeaders } from './api-client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends `file` as the raw request body and resolves with the JSON answer, like `apiRequest`, but
 * reports how much of the file has gone out: fetch cannot tell, XMLHttpRequest's upload events can.
 * Failures reject with the same ApiError, read from the problem document.
 */
export function uploadWithProgress<T>(
  url: string,
  file: Blob,
  { method = 'POST', onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(requestHeaders(file))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      });
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size });
        try {
          resolve((xhr.status === 204 ? undefined : JSON.parse(xhr.responseText)) as T);
        } catch (error) {
          reject(networkError(error));
        }
        return;
      }
      // Reading the problem from a Response keeps one parser for fetch and XMLHttpRequest answers.
      const headers = new Headers();
      for (const name of ['Content-Type', 'Retry-After', 'X-Request-Id']) {
        const value = xhr.getResponseHeader(name);
        if (value) headers.set(name, value);
      }
      const status = xhr.status >= 400 && xhr.status <= 599 ? xhr.status : 500;
      void readProblem(new Response(xhr.responseText || null, { status, headers })).then(reject);
    });
    xhr.addEventListener('error', () => reject(networkError(new Error('Upload failed'))));
    xhr.addEventListener('abort', () =>
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError')),
    );
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
