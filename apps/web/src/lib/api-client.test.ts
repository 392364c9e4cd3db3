import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../testing/stub-fetch';
import { ApiError, apiGet, apiRequest } from './api-client';

afterEach(() => vi.unstubAllGlobals());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('calls the API base on the same origin with the Questa request header', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ banks: [] }));

    await expect(apiGet('/catalog/banks')).resolves.toEqual({ banks: [] });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/catalog/banks');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('X-Questa-Request')).toBe('1');
  });

  it('sends a body as JSON', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));

    await expect(
      apiRequest('/things', { method: 'POST', body: { a: 1 } }),
    ).resolves.toBeUndefined();

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns a problem document into an ApiError with its code, detail and request id', async () => {
    stubFetch(() =>
      problemResponse({
        status: 400,
        code: 'validation.failed',
        title: 'Some fields are invalid',
        detail: 'The title is empty.',
        requestId: 'req-42',
        errors: [{ field: 'title', message: 'must not be empty' }, { nonsense: true }],
      }),
    );

    const error = await failure(apiGet('/banks'));
    expect(error.code).toBe('validation.failed');
    expect(error.status).toBe(400);
    expect(error.detail).toBe('The title is empty.');
    expect(error.message).toBe('The title is empty.');
    expect(error.requestId).toBe('req-42');
    expect(error.fieldErrors).toEqual([{ field: 'title', message: 'must not be empty' }]);
  });

  it('reads import line errors and the retry delay', async () => {
    stubFetch(() =>
      problemResponse({
        status: 422,
        code: 'import.invalid',
        lines: [{ line: 3, message: 'unknown question type' }],
      }),
    );
    expect((await failure(apiGet('/import'))).lines).toEqual([
      { line: 3, message: 'unknown question type' },
    ]);

    stubFetch(
      () =>
        new Response(JSON.stringify({ code: 'rate_limited', status: 429, title: 'Slow down' }), {
          status: 429,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
        }),
    );
    const limited = await failure(apiGet('/catalog/banks'));
    expect(limited.code).toBe('rate_limited');
    expect(limited.retryAfter).toBe(30);
  });

  it('derives the code from the status when the body is not a problem document', async () => {
    stubFetch(
      () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html', 'X-Request-Id': 'edge-7' },
        }),
    );
    const error = await failure(apiGet('/catalog/banks'));
    expect(error.code).toBe('unavailable');
    expect(error.status).toBe(502);
    expect(error.requestId).toBe('edge-7');

    stubFetch(() => new Response(null, { status: 404 }));
    expect((await failure(apiGet('/catalog/banks/x'))).code).toBe('not_found');
  });

  it('reports a network failure as unavailable', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(apiGet('/catalog/banks'));
    expect(error.code).toBe('unavailable');
    expect(error.status).toBe(0);
  });

  it('lets an abort through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('Aborted', 'AbortError');
    vi.stubGlobal('fetch', () => Promise.reject(abort));
    await expect(apiGet('/catalog/banks', { signal: controller.signal })).rejects.toBe(abort);
  });
});
