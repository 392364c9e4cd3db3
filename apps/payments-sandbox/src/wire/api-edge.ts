import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_API_VERSION } from '../model/objects';
import type { IdempotencyRepository } from '../store/idempotency.repository';
import type { RequestInfo } from '../store/ledger';
import { StripeApiError, invalidRequest } from './errors';
import { decodeForm, type FormObject } from './form';
import { newId, ID_PREFIX } from './ids';
import { Params } from './params';

declare module 'fastify' {
  interface FastifyRequest {
    stripe: { requestId: string; idempotencyKey: string | null; claimed: boolean };
  }
}

/** An unfinished request's key is taken over after this long: its process must have died. */
const STALE_CLAIM_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Stable JSON for comparing parameters, whatever order the client sent them in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const maskKey = (key: string) =>
  key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '****';

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  // `curl -u sk_test_…:` sends the key as the user name of Basic authentication.
  if (scheme?.toLowerCase() === 'basic') {
    return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  }
  return undefined;
}

function sendError(reply: FastifyReply, error: StripeApiError) {
  if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="Stripe"');
  return reply.code(error.status).type('application/json').send({ error: error.body });
}

/** The request's parameters: the query string for GET and DELETE, the form body for POST. */
export function paramsOf(request: FastifyRequest): Params {
  if (request.method === 'POST') return new Params((request.body as FormObject | undefined) ?? {});
  const query = request.url.split('?')[1] ?? '';
  return new Params(decodeForm(query));
}

/** What events and idempotency need to know about the request an operation runs for. */
export const requestInfo = (request: FastifyRequest): RequestInfo => ({
  id: request.stripe.requestId,
  idempotencyKey: request.stripe.idempotencyKey,
});

/**
 * A request pinned to another API version expects objects of another shape (fields that moved,
 * were renamed or are gone); answering it in this version's shape would mislead its client
 * silently, so it is refused, as Stripe refuses a version it does not know. Without the header
 * the sandbox's own version applies, as an account's default does at Stripe.
 */
function refuseOtherVersions(header: string | string[] | undefined) {
  if (header === undefined) return;
  const version = Array.isArray(header) ? header.join(', ') : header.trim();
  if (version === SANDBOX_API_VERSION) return;
  throw invalidRequest(
    `Unsupported Stripe-Version: '${version}'. The sandbox speaks API version ${SANDBOX_API_VERSION} only, whose objects have another shape than other versions'; pin the client to ${SANDBOX_API_VERSION} (the installed stripe SDK's own) or send no Stripe-Version header.`,
    { code: 'api_version_unsupported' },
  );
}

/**
 * Stripe's edge of the API, for the scope it is registered in: form-encoded bodies with bracket
 * notation, the secret key as a bearer token, Idempotency-Key on POST (the first response is
 * replayed for the same parameters, other parameters are refused), and every error in Stripe's
 * envelope `{ error: { type, code, message, param } }`.
 */
export function stripeApiEdge(
  app: FastifyInstance,
  options: { secretKey: string; idempotency: IdempotencyRepository },
) {
  const expected = sha256(options.secretKey);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, decodeForm(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if ((body as string).length === 0) return done(null, {});
    done(
      invalidRequest(
        'Invalid request: the body must be form-encoded (application/x-www-form-urlencoded), as Stripe expects.',
      ) as unknown as Error,
      undefined,
    );
  });

  app.decorateRequest('stripe', null as never);

  app.addHook('onRequest', async (request, reply) => {
    const idempotencyKey = request.headers['idempotency-key'];
    request.stripe = {
      requestId: newId(ID_PREFIX.request, 14),
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
      claimed: false,
    };
    reply.header('request-id', request.stripe.requestId);
    reply.header('stripe-version', SANDBOX_API_VERSION);
    reply.header('cache-control', 'no-cache, no-store');

    const key = presentedKey(request);
    if (!key) {
      throw invalidRequest(
        "You did not provide an API key. Provide your secret key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer sk_test_…').",
        { status: 401 },
      );
    }
    if (!timingSafeEqual(sha256(key), expected)) {
      throw invalidRequest(`Invalid API Key provided: ${maskKey(key)}`, {
        status: 401,
        code: 'api_key_invalid',
      });
    }
    refuseOtherVersions(request.headers['stripe-version']);
  });

  // After the body is parsed, so that the key is compared with the parameters it came with.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.stripe.idempotencyKey;
    if (request.method !== 'POST' || key === null) return;
    reply.header('idempotency-key', key);
    if (key.length === 0 || key.length > 255) {
      throw invalidRequest('Idempotency-Key must be 1 to 255 characters long.', {
        param: 'Idempotency-Key',
      });
    }
    const path = request.url.split('?')[0];
    const fingerprint = sha256(`POST ${path}\n${canonical(request.body ?? {})}`).toString('hex');
    const claim = await options.idempotency.claim(key, fingerprint, STALE_CLAIM_MS);
    if (claim.state === 'new') {
      request.stripe.claimed = true;
      return;
    }
    if (claim.fingerprint !== fingerprint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (claim.state === 'running') {
      throw new StripeApiError(409, {
        type: 'idempotency_error',
        code: 'idempotency_key_in_use',
        message:
          'There is currently another in-progress request using this Idempotency-Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
      });
    }
    return reply
      .code(claim.status)
      .header('idempotent-replayed', 'true')
      .type('application/json')
      .send(claim.body);
  });

  // Stripe keeps the outcome of every request that began executing, including card errors and
  // server errors; a request refused for its parameters did nothing, so its key stays free.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.stripe?.idempotencyKey;
    if (!request.stripe?.claimed || key === null || key === undefined) return payload;
    request.stripe.claimed = false;
    const status = reply.statusCode;
    if ((status >= 200 && status < 300) || status === 402 || status >= 500) {
      await options.idempotency.finish(key, status, String(payload));
    } else {
      await options.idempotency.release(key);
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | StripeApiError, request, reply) => {
    if (error instanceof StripeApiError) return sendError(reply, error);
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500) {
      return sendError(reply, invalidRequest(`Invalid request: ${error.message}`, { status }));
    }
    request.log.error({ err: error }, 'payments sandbox: unhandled error');
    return sendError(
      reply,
      new StripeApiError(500, {
        type: 'api_error',
        message: `An unknown error occurred in the sandbox (request ${request.stripe?.requestId ?? request.id}).`,
      }),
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      invalidRequest(
        `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). The sandbox speaks the part of Stripe's API that Questa uses.`,
        { status: 404 },
      ),
    ),
  );
}
