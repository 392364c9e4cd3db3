import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ALL_ROUTES_PUBLIC } from './http-kit';
import { describeOperation, type RouteProblems } from './open-api-operation';

type OpenApiDocument = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
type SecuritySchemes = NonNullable<NonNullable<OpenApiDocument['components']>['securitySchemes']>;

interface OpenApiOptions {
  title: string;
  /** Markdown shown at the top of the reference: what the API is for and how to call it. */
  description: string;
  /** How callers authenticate; every route that is not public needs one of these. */
  securitySchemes: SecuritySchemes;
  tags?: { name: string; description: string }[];
}

const REFERENCE_PAGE_POLICY = [
  "default-src 'none'",
  // The reference's own script starts it with an inline call and sets styles as it renders.
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Generates the service's OpenAPI document from the same zod schemas that validate its requests,
 * so the published contract cannot drift from the code, and serves it at `openapi.json` with an
 * interactive reference at `docs`. The reference's script comes from the installed package and it
 * loads nothing from elsewhere: no web fonts, no proxy, no assistant.
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
      // The reference is a page on Questa's origin: it may call this origin's API and nothing else,
      // and no other site may frame it to trick a signed-in person into pressing its buttons.
      docs.addHook('onSend', (_request, reply, payload, done) => {
        reply.header('content-security-policy', REFERENCE_PAGE_POLICY);
        done(null, payload);
      });
      await docs.register(apiReference, {
        routePrefix: '/docs',
        logLevel: 'warn',
        configuration: {
          url: `${app.prefix}/openapi.json`,
          metaData: { title: `${options.title} reference` },
          withDefaultFonts: false,
          hideClientButton: true,
          showDeveloperTools: 'never',
          documentDownloadType: 'json',
          agent: { disabled: true },
          mcp: { disabled: true },
        },
      });
    });
  },
  { name: 'questa-open-api' },
);
