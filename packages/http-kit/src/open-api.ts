import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ALL_ROUTES_PUBLIC } from './http-kit';
import { describeOperation, type RouteProblems } from './open-api-operation';
import type { TypedClient } from './api-reference/code-samples';
import type { OpenApiDoc } from './api-reference/openapi-types';
import { referenceRoutes } from './api-reference/reference-routes';

type OpenApiDocument = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
type SecuritySchemes = NonNullable<NonNullable<OpenApiDocument['components']>['securitySchemes']>;

interface OpenApiOptions {
  title: string;
  /** Markdown shown at the top of the reference: what the API is for and how to call it. */
  description: string;
  /** How callers authenticate; every route that is not public needs one of these. */
  securitySchemes: SecuritySchemes;
  tags?: { name: string; description: string }[];
  /** The generated client the reference's JavaScript examples use; plain fetch without one. */
  client?: TypedClient;
}

/**
 * Generates the service's OpenAPI document from the same zod schemas that validate its requests,
 * so the published contract cannot drift from the code, and serves it at `openapi.json` with a
 * reference page at `docs`, rendered on the server from that document (api-reference/).
 */
export const openApi = fp<OpenApiOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: options.title, description: options.description, version: '1.0.0' },
        servers: [{ url: app.prefix || '/' }],
        tags: options.tags,
        components: { securitySchemes: options.securitySchemes },
        security: Object.keys(options.securitySchemes).map((name) => ({ [name]: [] })),
      },
      transform: (input) => {
        const document = jsonSchemaTransform(input);
        const config = input.route.config as
          { permission?: string; problems?: RouteProblems } | undefined;
        return {
          ...document,
          schema: describeOperation(document.schema as Parameters<typeof describeOperation>[0], {
            method: input.route.method,
            // Ids name the operation within its service, whatever prefix the service is under.
            url: document.url.slice(app.prefix.length) || '/',
            permission: config?.permission,
            problems: config?.problems,
          }),
        };
      },
    });
    app.get(
      '/openapi.json',
      {
        config: { permission: 'public' },
        schema: { hide: true },
      },
      () => app.swagger(),
    );
    await app.register(async (docs) => {
      docs.decorate(ALL_ROUTES_PUBLIC, true);
      referenceRoutes(docs, {
        document: () => app.swagger() as unknown as OpenApiDoc,
        documentUrl: `${app.prefix}/openapi.json`,
        ...(options.client && { client: options.client }),
      });
    });
  },
  { name: 'questa-open-api' },
);
