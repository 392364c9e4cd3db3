import { pageErrorHandler as sharedPageErrorHandler } from '@questa/http-kit';
import type { FastifyError } from 'fastify';
import { sendPage, type PageContext } from './layout';
import { messagePage } from './message-page';

/** Errors on the sign-in pages, in the identity provider's own layout. */
export function pageErrorHandler(context: PageContext) {
  return sharedPageErrorHandler<FastifyError>({
    service: 'identity',
    unavailable: {
      title: 'Sign-in is unavailable',
      lead: 'A service Questa depends on is not answering. Please try again in a moment.',
    },
    send: (reply, status, words) => sendPage(reply, context, status, messagePage(words)),
  });
}
