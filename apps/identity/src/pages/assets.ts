import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

const files = {
  'identity.css': 'text/css; charset=utf-8',
  'logout.js': 'text/javascript; charset=utf-8',
  'password.js': 'text/javascript; charset=utf-8',
} as const;

export type AssetName = keyof typeof files;

export interface Assets {
  /** The URL of an asset; it changes whenever the file's content does. */
  url(name: AssetName): string;
  /** Serves the assets at `/assets/:file` of the given (prefixed) app. */
  routes(app: FastifyInstance): void;
}

/**
 * The pages' stylesheet and script, served from `<mount>/assets/`. URLs carry a content hash, so
 * browsers may cache them for a year.
 */
export async function loadAssets(mountPath: string): Promise<Assets> {
  const loaded = new Map<string, { body: Buffer; type: string; version: string }>();
  for (const [name, type] of Object.entries(files)) {
    const body = await readFile(new URL(`./assets/${name}`, import.meta.url));
    const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
    loaded.set(name, { body, type, version });
  }

  return {
    url: (name) => `${mountPath}/assets/${name}?v=${loaded.get(name)!.version}`,
    routes(app) {
      app.get<{ Params: { file: string } }>(
        '/assets/:file',
        { config: { permission: 'public' } },
        async (request, reply) => {
          const asset = loaded.get(request.params.file);
          if (!asset) return reply.callNotFound();
          return reply
            .type(asset.type)
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff')
            .send(asset.body);
        },
      );
    },
  };
}
