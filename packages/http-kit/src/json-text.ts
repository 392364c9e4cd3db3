import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialised (and was validated when it was built), skipping the
 * route's serializer. For hot, cached answers only.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
