import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, type FieldError, type ProblemCode } from '@questa/contracts';
import { isUnavailableError } from '@questa/db';
import { isPermissionKey, type Permission } from '@questa/policy';
import { HttpProblem, problemBody } from './problem';
import { isNavigation, sendProblemPage, type ProblemPageLinks } from './problem-page';
import type { RouteProblems } from './open-api-operation';
import { addApiResponseHeaders } from './response-headers';

export interface HttpKitOptions {
  /** Where the page shown to a browser navigation sends the person next. */
  pages?: ProblemPageLinks;
  /**
   * Whether addresses no route claims are answered here with a `not_found` problem (the default).
   * Fastify keeps one such handler per prefix, so a scope sharing its prefix with pages that answer
   * their own (the payment sandbox's health routes beside its hosted pages) leaves it to them.
   */
  notFound?: boolean;
}

/**
 * What a route requires of its caller: `public` for anyone, otherwise a `resource:action` key of
 * the policy module, which decides who holds it.
 */
export type RoutePermission = 'public' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /**
     * The problems this route answers with besides those every route of its kind may (invalid
     * input, credentials, not found, unavailable), each with when it happens: the API reference
     * lists them.
     */
    problems?: RouteProblems;
  }
}

/**
 * Marks a plugin context whose routes are all public, for a library that registers routes of its
 * own without Questa's `config.permission` (the API reference pages).
 */
export const ALL_ROUTES_PUBLIC = Symbol('questa.allRoutesPublic');

/**
 * The behaviour every Questa service shares: zod validation, problem documents for every error,
 * the headers API responses carry, and a refusal to register any route that does not declare its
 * permission.
 */
export const httpKit = fp(
  async (app: FastifyInstance, options: HttpKitOptions) => {
    const links = options.pages ?? { home: '/' };
    const sendProblem = (
      request: FastifyRequest,
      reply: FastifyReply,
      code: ProblemCode,
      extras?: ConstructorParameters<typeof HttpProblem>[1],
    ) => {
      const body = problemBody(code, { instance: request.url, requestId: request.id }, extras);
      if (isNavigation(request)) return sendProblemPage(request, reply, body, links);
      return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
    };

    addApiResponseHeaders(app);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    // Checked once, when the route is added, so a route with no permission or with one the
    // policy does not know stops the service at start instead of failing its callers.
    app.addHook('onRoute', function (this: FastifyInstance, route) {
      const config = (route.config ?? {}) as { permission?: unknown };
      if (
        config.permission === undefined &&
        (this as { [ALL_ROUTES_PUBLIC]?: true })[ALL_ROUTES_PUBLIC]
      ) {
        route.config = { ...config, permission: 'public' } as typeof route.config;
        return;
      }
      const { permission } = config;
      if (typeof permission !== 'string') {
        throw new Error(
          `Route ${String(route.method)} ${route.url} must declare config.permission ('public' or a permission of the policy module).`,
        );
      }
      if (permission !== 'public' && !isPermissionKey(permission)) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} names the permission ${permission}, which the policy module does not know.`,
        );
      }
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpProblem) {
        if (error.extras.retryAfter) reply.header('retry-after', String(error.extras.retryAfter));
        return sendProblem(request, reply, error.code, error.extras);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldError[] = error.validation.map((issue) => ({
          field:
            `${error.validationContext ?? 'body'}${issue.instancePath.replaceAll('/', '.')}`.replace(
              /\.$/,
              '',
            ),
          message: issue.message ?? 'is invalid',
        }));
        return sendProblem(request, reply, 'validation.failed', {
          detail: 'The request does not match the expected shape.',
          errors,
        });
      }
      if (isUnavailableError(error)) {
        request.log.warn({ err: error }, 'dependency unavailable');
        reply.header('retry-after', '5');
        return sendProblem(request, reply, 'unavailable', {
          detail: 'A service Questa depends on is not answering. Please try again shortly.',
          retryAfter: 5,
        });
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return sendProblem(request, reply, 'upload.too_large');
      if (status === 415) return sendProblem(request, reply, 'upload.type');
      if (status >= 400 && status < 500) {
        return sendProblem(request, reply, 'validation.failed', { detail: error.message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(request, reply, 'internal', {
        detail: `Something went wrong on our side. Quote ${request.id} if you contact support.`,
      });
    });

    if (options.notFound !== false) {
      app.setNotFoundHandler({}, (request, reply) =>
        sendProblem(request, reply, 'not_found', {
          detail: `Nothing is served at ${request.url}.`,
        }),
      );
    }
  },
  { name: 'questa-http-kit' },
);
