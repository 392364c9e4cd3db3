import { pageErrorHandler as sharedPageErrorHandler } from '@questa/http-kit';
import type { FastifyError } from 'fastify';
import { StripeApiError } from '../wire/errors';
import { messagePage, sendPage, type PageContext } from './layout';

/** Errors on the hosted payment pages, in the sandbox's own layout; its refusals say why. */
export function pageErrorHandler(context: PageContext) {
  return sharedPageErrorHandler<FastifyError | StripeApiError>({
    service: 'payments sandbox',
    unavailable: {
      title: 'Payments are unavailable',
      lead: 'The payment pages cannot reach their database right now. Please try again in a moment.',
    },
    statusOf: (error) => (error instanceof StripeApiError ? error.status : undefined),
    explain: (error) => (error instanceof StripeApiError ? error.body.message : undefined),
    send: (reply, status, words) => sendPage(reply, context, status, messagePage(words)),
  });
}
