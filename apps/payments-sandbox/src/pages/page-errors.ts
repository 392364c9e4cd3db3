import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailableError } from '@questa/db';
import { StripeApiError } from '../wire/errors';
import { messagePage, sendPage, type PageContext } from './layout';

/** Errors on the hosted pages are pages too: a person is reading them, not a program. */
export function pageErrorHandler(context: PageContext) {
  return (error: FastifyError | StripeApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (isUnavailableError(error)) {
      request.log.warn({ err: error }, 'payments sandbox: dependency unavailable');
      reply.header('retry-after', '5');
      return sendPage(
        reply,
        context,
        503,
        messagePage({
          title: 'Payments are unavailable',
          lead: 'The payment pages cannot reach their database right now. Please try again in a moment.',
        }),
      );
    }
    const status = error instanceof StripeApiError ? error.status : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      return sendPage(
        reply,
        context,
        status,
        messagePage({
          title: 'That did not work',
          lead:
            error instanceof StripeApiError
              ? error.body.message
              : 'The request could not be read. Go back, reload the page and try again.',
        }),
      );
    }
    request.log.error({ err: error }, 'payments sandbox: unhandled page error');
    return sendPage(
      reply,
      context,
      500,
      messagePage({
        title: 'Something went wrong',
        lead: `Something went wrong on our side. Quote ${request.id} if you report it.`,
      }),
    );
  };
}
