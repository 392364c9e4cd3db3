import { z } from 'zod';
import {
  PROBLEM_CONTENT_TYPE,
  problem,
  problemCatalogue,
  type ProblemCode,
} from '@questa/contracts';
import { holdersOf, isPermissionKey } from '@questa/policy';

/** The parts of a route's OpenAPI operation this module fills in. */
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
  [key: string]: unknown;
}

const problemSchema = z.toJSONSchema(problem, { target: 'draft-2020-12' });

const problemResponse = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});

/** The problems particular to a route, each with when it happens. */
export type RouteProblems = Partial<Record<ProblemCode, string>>;

/**
 * A stable, readable operation id from the method and path when the route names none:
 * `GET /clients/{clientId}/banks/{bankId}/questions` is `getClientBankQuestions`.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const words = segments.flatMap((segment, index) => {
    if (segment.startsWith(':') || segment.startsWith('{')) return [];
    const next = segments[index + 1];
    const isItem = next !== undefined && (next.startsWith(':') || next.startsWith('{'));
    const word = isItem && segment.endsWith('s') ? segment.slice(0, -1) : segment;
    return word.split(/[-_.]/).filter(Boolean);
  });
  return [
    method.toLowerCase(),
    ...words.map((word) => word[0]!.toUpperCase() + word.slice(1)),
  ].join('');
}

const listed = (words: readonly string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** Who may call a route, in a sentence, from the same grants that decide it. */
export function whoMayCall(permission: string | undefined): string {
  if (permission === 'public' || permission === undefined) {
    return '**Who may call it:** anyone; no credentials are needed.';
  }
  if (!isPermissionKey(permission)) return `**Permission:** \`${permission}\`.`;
  const holders = holdersOf(permission);
  const who: string[] = [];
  if (holders.everySignedInUser) who.push('every signed-in user');
  if (holders.tenantRoles.length > 0) {
    who.push(`the tenant's ${listed(holders.tenantRoles.map((role) => `${role}s`))}`);
  }
  if (holders.premiumLearners) who.push('premium learners');
  if (holders.platformAdmins) who.push('platform admins');
  if (holders.services) who.push('trusted Questa services (client credentials)');
  return `**Who may call it:** ${who.join('; ')} (permission \`${permission}\`).`;
}

/**
 * Completes a route's operation for readers of the document: an operation id, who may call it, no
 * credentials for a public route, and the problem documents (RFC 9457) each kind of route can answer with, so an
 * integrator knows every outcome without reading the code.
 */
export function describeOperation(
  schema: Operation,
  route: {
    method: string | string[];
    url: string;
    permission: string | undefined;
    problems?: RouteProblems | undefined;
  },
): Operation {
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const isPublic = route.permission === 'public';
  const takesInput = Boolean(schema.params || schema.querystring || schema.body);
  const names = /[:{]/.test(route.url);
  const problems: Record<string, unknown> = {
    ...(takesInput && {
      400: problemResponse(
        '`validation.failed`: the request does not match its schema; `errors` names each field.',
      ),
    }),
    ...(!isPublic && {
      401: problemResponse(
        '`auth.required`: no valid credentials (sign in, or send a current API key).',
      ),
      403: problemResponse('`auth.forbidden`: the credentials do not grant this permission here.'),
    }),
    ...(names && {
      404: problemResponse('`not_found`: nothing with that id is visible to the caller.'),
    }),
    503: problemResponse(
      '`unavailable`: a service Questa depends on is not answering; retry after `Retry-After` seconds.',
    ),
  };
  // A route's own problems join the response of their status (two share 402, for instance).
  const own: Record<number, string[]> = {};
  for (const [code, when] of Object.entries(route.problems ?? {})) {
    const { status } = problemCatalogue[code as ProblemCode];
    (own[status] ??= []).push(`\`${code}\`: ${when}`);
  }
  for (const [status, lines] of Object.entries(own)) {
    const generic = problems[status] as { description: string } | undefined;
    problems[status] = problemResponse(
      [...(generic ? [generic.description] : []), ...lines].join('\n\n'),
    );
  }
  const answers = Object.keys(schema.response ?? {});
  // A route that answers with no body says so, rather than leaving its success undocumented.
  const success = answers.some((status) => /^[23]/.test(status))
    ? {}
    : { 204: { description: 'Done: nothing to return.' } };
  // A success the route does not describe itself is described by what the route does.
  const described = Object.fromEntries(
    Object.entries(schema.response ?? {}).map(([status, answer]) => [
      status,
      /^2/.test(status) && isObject(answer) && !answer.description && schema.summary
        ? { ...answer, description: `${String(schema.summary)}.` }
        : answer,
    ]),
  );
  const description = [schema.description, whoMayCall(route.permission)]
    .filter(Boolean)
    .join('\n\n');
  return {
    ...schema,
    description,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    ...(isPublic && { security: [] }),
    response: { ...success, ...problems, ...described },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
