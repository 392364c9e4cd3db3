import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

export interface Stylesheet {
  /** Its URL; it changes whenever the file does, so browsers may cache it for a year. */
  url: string;
  routes(app: FastifyInstance): void;
}

/** The pages' one stylesheet; they carry no script at all. */
export async function loadStylesheet(mountPath: string): Promise<Stylesheet> {
  const body = await readFile(new URL('./assets/sandbox.css', import.meta.url));
  const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return {
    url: `${mountPath}/assets/sandbox.css?v=${version}`,
    routes(app) {
      app.get('/assets/sandbox.css', async (_request, reply) =>
        reply
          .type('text/css; charset=utf-8')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(body),
      );
    },
  };
}
