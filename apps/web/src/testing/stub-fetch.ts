import { expect, vi } from 'vitest';
import { waitFor } from '@testing-library/react';

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

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Replaces global fetch with a tiny API: `routes` maps `METHOD /path` (no query) to a handler.
 * Anything else answers 404 not_found, so a test sees unexpected calls fail loudly.
 */
export function stubApi(routes: Record<string, Handler>) {
  return stubFetch((path, init) => {
    const url = new URL(path, 'http://localhost');
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : problemResponse({ status: 404, code: 'not_found' });
  });
}

/** The header's notification bell asks this of every signed-in page, whatever the page does. */
const BELL_POLL = 'GET /api/notifications/unread';

/**
 * The calls a fetch mock received, as `METHOD /path?query`: the page's own, without the bell's
 * poll (`{ bell: true }` keeps it, for the bell's own tests).
 */
export function calls(
  fetchMock: ReturnType<typeof stubFetch>,
  options: { bell?: boolean } = {},
): string[] {
  return fetchMock.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)
    .filter((call) => options.bell === true || call !== BELL_POLL);
}

export const noContent = () => new Response(null, { status: 204 });

/**
 * A response the test hands out when it chooses. `release` first waits until the page has asked:
 * on a busy machine the loading state can render before the request leaves, and a response
 * released into nothing would leave the page loading forever.
 */
export function heldResponse() {
  const waiting: ((response: Response) => void)[] = [];
  return {
    reply: () => new Promise<Response>((resolve) => waiting.push(resolve)),
    release: async (response: Response) => {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      for (const resolve of waiting.splice(0)) resolve(response.clone());
    },
  };
}
