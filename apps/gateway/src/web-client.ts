import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_CONTENT_TYPE } from '@questa/contracts';
import { problemBody } from '@questa/http-kit';
import { clientPages, pageFor } from '@questa/web/pages';

/** Paths that belong to a service: an unknown one there is a 404 problem, never the client. */
const servicePrefixes = ['/api', '/qdb', '/idp', '/cdn'];

// The client loads nothing from elsewhere; KaTeX needs inline styles.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const documentHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/**
 * Serves the built web client (in the root context, so its fallback covers every path no service
 * claimed): hashed assets cached forever; the live player's page (`live.html`) at `/live` and
 * `/live/:code`, and `index.html` for every other path so the client-side router can take over.
 */
export const webClient = fp<{ distDir: string }>(async (app: FastifyInstance, { distDir }) => {
  const pageFiles = ['index.html', ...clientPages.map((page) => page.html)];
  // A page carries its first stylesheets inline (apps/web/vite.config.ts), tens of KB that the
  // build's .br and .gz copies shrink to a few.
  const readPage = async (file: string) => {
    const read = (name: string) => readFile(path.join(distDir, name)).catch(() => undefined);
    const [identity, br, gzip] = await Promise.all([
      readFile(path.join(distDir, file)),
      read(`${file}.br`),
      read(`${file}.gz`),
    ]);
    return [file, { identity, br, gzip }] as const;
  };
  const pages = new Map(await Promise.all(pageFiles.map(readPage)));

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    // The build writes .br and .gz copies; each browser gets the smallest it accepts.
    preCompressed: true,
    // Cache headers are set below, per file; the plugin's own default would override them.
    cacheControl: false,
    // Pages are served at their addresses only, with the headers below.
    allowedPath: (pathName) => !pageFiles.includes(pathName.slice(1)),
    setHeaders: (response, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      for (const [name, value] of Object.entries(documentHeaders)) response.setHeader(name, value);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const isService = servicePrefixes.some(
      (prefix) => request.url === prefix || request.url.startsWith(`${prefix}/`),
    );
    if (isService || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body = problemBody('not_found', { instance: request.url, requestId: request.id });
      return reply.code(404).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
    }
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const page = pages.get(pageFor(pathname))!;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = (['br', 'gzip'] as const).find(
      (name) => page[name] && new RegExp(`\\b${name}\\b`).test(accepted),
    );
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .headers(documentHeaders)
      .send(encoding ? page[encoding] : page.identity);
  });
});
