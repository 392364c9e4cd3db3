import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailableError } from '@questa/db';
import { sendPage, type PageContext } from './layout';
import { messagePage } from './message-page';

/** Errors on the hosted pages are pages too: a person is reading them, not a program. */
export function pageErrorHandler(context: PageContext) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isUnavailableError(error)) {
      request.log.warn({ err: error }, 'dependency unavailable');
      reply.header('retry-after', '5');
      return sendPage(
        reply,
        context,
        503,
        messagePage({
          title: 'Sign-in is unavailable',
          lead: 'A service Questa depends on is not answering. Please try again in a moment.',
        }),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendPage(
        reply,
        context,
        status,
        messagePage({
          title: 'That did not work',
          lead: 'The request could not be read. Go back, reload the page and try again.',
        }),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendPage(
      reply,
      context,
      500,
      messagePage({
        title: 'Something went wrong',
        lead: `Something went wrong on our side. Quote ${request.id} if you contact support.`,
      }),
    );
  };
}
