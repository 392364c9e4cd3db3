import type { FieldError, Problem, ProblemCode } from '@questa/contracts';
import { config } from './config';
// The rule's own file, not the rules' index: the player's page loads only what it uses.
import { CSRF_HEADER } from '@questa/contracts/rules/access';

/** A failed API call, carrying the problem document's stable code. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ProblemCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly requestId: string | undefined;
  readonly fieldErrors: readonly FieldError[];
  readonly lines: readonly { line: number; message: string }[];
  /** Seconds to wait before retrying, when the server said. */
  readonly retryAfter: number | undefined;

  constructor(problem: Omit<Problem, 'type'> & { type?: string }) {
    super(problem.detail ?? problem.title);
    this.code = problem.code;
    this.status = problem.status;
    this.detail = problem.detail;
    this.requestId = problem.requestId;
    this.fieldErrors = problem.errors ?? [];
    this.lines = problem.lines ?? [];
    this.retryAfter = problem.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Any failure as an ApiError, so every caller can show it with the same problem sentences. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({
    code: 'internal',
    status: 0,
    title: 'Unexpected error',
    detail: error instanceof Error ? error.message : String(error),
  });
}

/**
 * The type a contract schema parses to. The client imports contracts as types only (the schemas'
 * runtime would weigh down the bundle), so it reads the output type from `parse`.
 */
export type Parsed<Schema extends { parse(data: unknown): unknown }> = ReturnType<Schema['parse']>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (a File) is sent as it is, with its own type. */
  body?: unknown;
  signal?: AbortSignal;
  /** The API to call: the main API unless told, e.g. `config.questionDbBase`. */
  base?: string;
}

/**
 * The headers every call sends. Cross-site forms and images cannot set custom headers, so
 * `CSRF_HEADER` lets the API tell its own client from a forged request.
 */
export function requestHeaders(body?: unknown): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    [CSRF_HEADER]: '1',
  };
  if (body instanceof Blob) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  return headers;
}

/** Calls an API on the same origin; resolves with the JSON body or rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body } = options;
  let response: Response;
  try {
    response = await fetch(`${options.base ?? config.apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers: requestHeaders(body),
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(error);
  }

  if (!response.ok) throw await readProblem(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const apiGet = <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, options);

/** The error for a request that never got an answer. */
export function networkError(error: unknown): ApiError {
  return new ApiError({
    code: 'unavailable',
    status: 0,
    title: 'Network error',
    detail: error instanceof Error ? error.message : undefined,
  });
}

/** Turns an error response into an ApiError, whether or not it carries a problem document. */
export async function readProblem(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => undefined);
  const problem = isRecord(body) ? body : {};
  const retryAfterHeader = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);

  return new ApiError({
    code:
      typeof problem.code === 'string'
        ? (problem.code as ProblemCode)
        : codeForStatus(response.status),
    status: typeof problem.status === 'number' ? problem.status : response.status,
    title: typeof problem.title === 'string' ? problem.title : response.statusText,
    detail: typeof problem.detail === 'string' ? problem.detail : undefined,
    requestId:
      typeof problem.requestId === 'string'
        ? problem.requestId
        : (response.headers.get('X-Request-Id') ?? undefined),
    errors: Array.isArray(problem.errors) ? problem.errors.filter(isFieldError) : undefined,
    lines: Array.isArray(problem.lines) ? problem.lines.filter(isLineError) : undefined,
    retryAfter:
      typeof problem.retryAfter === 'number'
        ? problem.retryAfter
        : Number.isNaN(retryAfterHeader)
          ? undefined
          : retryAfterHeader,
  });
}

/**
 * A proxy, a dev server or a crashed process can answer without a problem document; the status is
 * then the only clue to what happened.
 */
function codeForStatus(status: number): ProblemCode {
  if (status === 401) return 'auth.required';
  if (status === 403) return 'auth.forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return 'internal';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';
}

function isLineError(value: unknown): value is { line: number; message: string } {
  return isRecord(value) && typeof value.line === 'number' && typeof value.message === 'string';
}
