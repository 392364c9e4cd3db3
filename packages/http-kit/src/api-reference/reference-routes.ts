import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { TypedClient } from './code-samples';
import type { OpenApiDoc } from './openapi-types';
import { renderReferencePage } from './reference-page';

const stylesheet = readFileSync(new URL('./reference.css', import.meta.url), 'utf8');
const stylesheetHash = createHash('sha256').update(stylesheet).digest('hex').slice(0, 12);

/**
 * The page may load its own style sheet and nothing else: no script at all, no other origin, no
 * framing by another site.
 */
export const REFERENCE_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the reference at `docs` and its style sheet under a name that changes with its content,
 * so browsers keep it for a year. The page is rendered once, when first asked for, from the
 * document the service generated at start, and revalidated by its ETag.
 */
export function referenceRoutes(
  docs: FastifyInstance,
  options: { document: () => OpenApiDoc; documentUrl: string; client?: TypedClient },
) {
  const cssPath = `/docs/reference.${stylesheetHash}.css`;
  let page: { body: string; etag: string } | undefined;
  const rendered = () => {
    if (!page) {
      const body = renderReferencePage(options.document(), {
        stylesheet: `${docs.prefix}${cssPath}`,
        documentUrl: options.documentUrl,
        ...(options.client && { client: options.client }),
      });
      page = { body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"` };
    }
    return page;
  };

  docs.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('content-security-policy', REFERENCE_PAGE_POLICY);
    done(null, payload);
  });
  for (const url of ['/docs', '/docs/']) {
    docs.get(url, { schema: { hide: true } }, (request, reply) => {
      const { body, etag } = rendered();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(body);
    });
  }
  docs.get(cssPath, { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stylesheet),
  );
}
