import replyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync } from 'fastify';
import { IMPORT_LIMITS } from '@questa/contracts';
import { httpKit } from '@questa/http-kit';
import { tokenRelay, type TokenRelayOptions } from './token-relay';

/**
 * Distributed mode: the browser's `/qdb/…` calls reach the main API (the load balancer sends them
 * here), which forwards them to the question database with the user's access token in place of
 * the session cookie. Integrators may call either; their bearer tokens pass untouched.
 */
export const questionDbProxy: FastifyPluginAsync<{
  relay: TokenRelayOptions;
  questionDbUrl: string;
}> = async (app, { relay, questionDbUrl }) => {
  await app.register(httpKit);
  await app.register(replyFrom, { base: new URL(questionDbUrl).origin, http: {} });
  app.addHook('onRequest', tokenRelay(relay));
  // Bodies pass through as the bytes they are (JSON, images, import files); the question
  // database parses and limits them itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.maxBytes },
    (_r, body, done) => done(null, body),
  );
  app.all(
    '/*',
    // The question database decides who may do what; this route only carries the request there.
    { config: { permission: 'public' } },
    (request, reply) =>
      reply.from(request.url, {
        rewriteRequestHeaders: (_request, headers) => {
          const { cookie: _browserCookie, ...rest } = headers;
          return { ...rest, 'x-request-id': request.id };
        },
      }),
  );
};
