import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../testing/stub-fetch';
import { stubXhrThroughFetch } from '../testing/stub-xhr';
import { ApiError } from './api-client';
import { uploadWithProgress } from './upload-with-progress';

afterEach(() => vi.unstubAllGlobals());

const file = () => new File(['0123456789'], 'quiz.csv', { type: 'text/csv' });

describe('uploadWithProgress', () => {
  it('sends the file as the body with its type and the Questa header, reporting progress', async () => {
    stubXhrThroughFetch();
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }));
    const progress: number[] = [];

    await expect(
      uploadWithProgress('/qdb/upload', file(), {
        onProgress: ({ loaded }) => progress.push(loaded),
      }),
    ).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/qdb/upload');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Questa-Request')).toBe('1');
    expect(headers.get('Content-Type')).toBe('text/csv');
    expect(progress).toEqual([5, 10, 10]);
  });

  it('rejects with the problem’s code, lines and request id', async () => {
    stubXhrThroughFetch();
    stubFetch(() =>
      problemResponse({
        status: 413,
        code: 'upload.too_large',
        requestId: 'req-9',
        lines: [{ line: 2, message: 'too long' }],
      }),
    );
    const error = await uploadWithProgress('/qdb/upload', file()).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('upload.too_large');
    expect((error as ApiError).requestId).toBe('req-9');
    expect((error as ApiError).lines).toEqual([{ line: 2, message: 'too long' }]);
  });

  it('reports a network failure as unavailable', async () => {
    class Failing {
      upload = new EventTarget();
      #events = new EventTarget();
      open() {}
      setRequestHeader() {}
      addEventListener(type: string, listener: () => void) {
        this.#events.addEventListener(type, listener);
      }
      send() {
        queueMicrotask(() => this.#events.dispatchEvent(new Event('error')));
      }
    }
    vi.stubGlobal('XMLHttpRequest', Failing);
    const error = await uploadWithProgress('/qdb/upload', file()).catch(
      (caught: unknown) => caught,
    );
    expect((error as ApiError).code).toBe('unavailable');
  });
});
