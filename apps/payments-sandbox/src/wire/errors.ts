/**
 * An error as Stripe answers it: the HTTP status and the body's `error` object. Routes throw it;
 * the API scope's error handler sends `{ error: { type, code, message, param } }`.
 */
export type StripeErrorType =
  'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  charge?: string;
  payment_intent?: unknown;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

export const invalidRequest = (
  message: string,
  options: { code?: string; param?: string; status?: number } = {},
) =>
  new StripeApiError(options.status ?? 400, {
    type: 'invalid_request_error',
    message,
    ...(options.code && { code: options.code }),
    ...(options.param && { param: options.param }),
  });

/** 404 for an id that names nothing, worded as Stripe words it ("No such customer: 'cus_…'"). */
export const resourceMissing = (noun: string, id: string, param = 'id') =>
  invalidRequest(`No such ${noun}: '${id}'`, { code: 'resource_missing', param, status: 404 });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });
