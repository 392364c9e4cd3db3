import type { JsonSchema, OpenApiDoc, Operation } from './openapi-types';

/** How an integrator's JavaScript reaches this API: a generated typed client, or plain fetch. */
export interface TypedClient {
  /** The package to import, e.g. `@questa/qdb-client`. */
  module: string;
  /** Its factory and the options it takes, as written in the sample. */
  create: string;
}

export interface Sample {
  language: 'curl' | 'JavaScript' | 'Python';
  code: string;
}

/** A value that fits the schema, for a sample body: required fields only, a few levels deep. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 5) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return exampleOf(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([name]) =>
        required.has(name),
      );
      return Object.fromEntries(
        entries.map(([name, value]) => [name, exampleOf(value, depth + 1)]),
      );
    }
    case 'array':
      return [exampleOf(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00Z';
      return 'text';
    default:
      return null;
  }
}

const jsonBodyOf = (operation: Operation) =>
  operation.requestBody?.content?.['application/json']?.schema;

/** How the operation authenticates: a bearer token, a session cookie, or nothing. */
function credentialsOf(doc: OpenApiDoc, operation: Operation) {
  const required = operation.security ?? doc.security ?? [];
  const name = required.flatMap((entry) => Object.keys(entry))[0];
  const scheme = name ? doc.components?.securitySchemes?.[name] : undefined;
  if (!scheme) return { kind: 'none' as const };
  if (scheme.type === 'apiKey' && scheme.in === 'cookie') {
    return { kind: 'cookie' as const, cookie: scheme.name ?? 'session' };
  }
  return { kind: 'bearer' as const };
}

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line, index) => (index === 0 ? line : ' '.repeat(spaces) + line))
    .join('\n');

/** curl, JavaScript and Python for one operation, with `QUESTA_URL` standing for the origin. */
export function samplesFor(
  doc: OpenApiDoc,
  method: string,
  path: string,
  operation: Operation,
  client: TypedClient | undefined,
): Sample[] {
  const base = doc.servers?.[0]?.url.replace(/\/$/, '') ?? '';
  const verb = method.toUpperCase();
  const credentials = credentialsOf(doc, operation);
  const changes = !['GET', 'HEAD'].includes(verb);
  const bodySchema = jsonBodyOf(operation);
  const body = bodySchema ? JSON.stringify(exampleOf(bodySchema), null, 2) : undefined;
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  const queryString = query.map((p) => `${p.name}=${String(exampleOf(p.schema))}`).join('&');
  const url = `${base}${path}${queryString ? `?${queryString}` : ''}`;

  const curl = [
    `curl -X ${verb} "$QUESTA_URL${url.replace(/\{(\w+)\}/g, '$$$1')}"`,
    ...(credentials.kind === 'bearer' ? ['-H "Authorization: Bearer $QUESTA_API_KEY"'] : []),
    ...(credentials.kind === 'cookie'
      ? [`-H "Cookie: ${credentials.cookie}=$QUESTA_SESSION"`]
      : []),
    ...(credentials.kind === 'cookie' && changes
      ? ['-H "x-questa-request: 1"', '-H "Origin: $QUESTA_URL"']
      : []),
    ...(body ? ['-H "Content-Type: application/json"', `-d '${body}'`] : []),
  ].join(' \\\n  ');

  const javascript = client
    ? [
        `import { ${client.create.split('(')[0]} } from '${client.module}';`,
        '',
        `const api = ${client.create};`,
        `const { data, error } = await api.${verb}('${path}', {`,
        ...(pathParams.length > 0 || query.length > 0
          ? [
              `  params: { ${[
                pathParams.length > 0 && `path: { ${pathParams.map((p) => p.name).join(', ')} }`,
                query.length > 0 &&
                  `query: { ${query.map((p) => `${p.name}: ${JSON.stringify(exampleOf(p.schema))}`).join(', ')} }`,
              ]
                .filter(Boolean)
                .join(', ')} },`,
            ]
          : []),
        ...(body ? [`  body: ${indent(body, 2)},`] : []),
        '});',
        'if (error) console.error(error.code, error.detail);',
      ].join('\n')
    : [
        `const response = await fetch(\`\${location.origin}${url.replace(/\{(\w+)\}/g, '${$1}')}\`, {`,
        `  method: '${verb}',`,
        ...(credentials.kind === 'cookie' ? ["  credentials: 'include',"] : []),
        ...(changes || body
          ? [
              `  headers: { ${[
                credentials.kind === 'cookie' && changes && "'x-questa-request': '1'",
                body && "'content-type': 'application/json'",
              ]
                .filter(Boolean)
                .join(', ')} },`,
            ]
          : []),
        ...(body ? [`  body: JSON.stringify(${indent(body, 2)}),`] : []),
        '});',
        'const data = await response.json();',
      ].join('\n');

  const pythonHeaders = [
    credentials.kind === 'bearer' && '"Authorization": f"Bearer {API_KEY}"',
    credentials.kind === 'cookie' && changes && '"x-questa-request": "1", "Origin": QUESTA_URL',
  ].filter(Boolean);
  const python = [
    'import requests',
    '',
    `response = requests.request(`,
    `    "${verb}",`,
    `    f"{QUESTA_URL}${url}",`,
    ...(pythonHeaders.length > 0 ? [`    headers={${pythonHeaders.join(', ')}},`] : []),
    ...(credentials.kind === 'cookie' ? [`    cookies={"${credentials.cookie}": SESSION},`] : []),
    ...(body
      ? [
          `    json=${indent(
            body
              .replace(/\btrue\b/g, 'True')
              .replace(/\bfalse\b/g, 'False')
              .replace(/\bnull\b/g, 'None'),
            4,
          )},`,
        ]
      : []),
    '    timeout=10,',
    ')',
    'response.raise_for_status()',
  ].join('\n');

  return [
    { language: 'curl', code: curl },
    { language: 'JavaScript', code: javascript },
    { language: 'Python', code: python },
  ];
}
