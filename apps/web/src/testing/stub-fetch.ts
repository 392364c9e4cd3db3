import { vi } from 'vitest';

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function problemResponse(problem: Record<string, unknown> & { status: number }): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Problem', ...problem }), {
    status: problem.status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

/** Replaces global fetch; `handler` answers each call by URL path. */
export function stubFetch(
  handler: (path: string, init: RequestInit | undefined) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
