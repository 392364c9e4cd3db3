import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

interface OpenApiOptions {
  title: string;
  description: string;
  /** Where the document is served, relative to the service's prefix. */
  path: string;
}

/**
 * Generates the service's OpenAPI document from the same zod schemas that validate its requests,
 * so the published contract cannot drift from the code.
 */
export const openApi = fp<OpenApiOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: options.title, description: options.description, version: '1.0.0' },
      },
      transform: jsonSchemaTransform,
    });
    app.get(options.path, { config: { permission: 'public' }, schema: { hide: true } }, () =>
      app.swagger(),
    );
  },
  { name: 'questa-open-api' },
);
