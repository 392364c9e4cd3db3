import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailableError } from '@questa/db';

/** What an error page says: a title and one sentence. */
export interface ErrorPageWords {
  title: string;
  lead: string;
}

export interface PageErrorOptions<E extends Error> {
  /** Names the service in the log. */
  service: string;
  /** What a person is told when the service's database or another dependency is down. */
  unavailable: ErrorPageWords;
  /** Renders the words in the service's own layout. */
  send: (reply: FastifyReply, status: number, words: ErrorPageWords) => unknown;
  /** The status an error answers with, when the service's errors carry their own. */
  statusOf?: (error: E) => number | undefined;
  /** What to say of a refused request, when the error has words of its own for people. */
  explain?: (error: E) => string | undefined;
}

/**
 * Errors on server-rendered pages are pages too: a person is reading them, not a program. A
 * dependency that is down is a 503 with a retry hint, a refused request says so, and anything
 * else is logged with the request id the page quotes.
 */
export function pageErrorHandler<E extends Error & { statusCode?: number }>(
  options: PageErrorOptions<E>,
) {
  return (error: E, request: FastifyRequest, reply: FastifyReply) => {
    if (isUnavailableError(error)) {
      request.log.warn({ err: error }, `${options.service}: dependency unavailable`);
      reply.header('retry-after', '5');
      return options.send(reply, 503, options.unavailable);
    }
    const status = options.statusOf?.(error) ?? error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return options.send(reply, status, {
        title: 'That did not work',
        lead:
          options.explain?.(error) ??
          'The request could not be read. Go back, reload the page and try again.',
      });
    }
    request.log.error({ err: error }, `${options.service}: unhandled page error`);
    return options.send(reply, 500, {
      title: 'Something went wrong',
      lead: `Something went wrong on our side. Quote ${request.id} if you report it.`,
    });
  };
}
