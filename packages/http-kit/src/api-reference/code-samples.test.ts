import { describe, expect, it } from 'vitest';
import { exampleOf, samplesFor } from './code-samples';
import type { OpenApiDoc, Operation } from './openapi-types';

const doc: OpenApiDoc = {
  info: { title: 'Questa question database' },
  servers: [{ url: '/qdb/api/v1' }],
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      session: { type: 'apiKey', in: 'cookie', name: 'questa_session' },
    },
  },
  security: [{ bearer: [] }],
};
const createBank: Operation = {
  parameters: [{ name: 'clientId', in: 'path', required: true, schema: { type: 'string' } }],
  requestBody: {
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['slug', 'public'],
          properties: {
            slug: { type: 'string' },
            public: { type: 'boolean' },
            description: { type: 'string' },
          },
        },
      },
    },
  },
};

describe('code samples in the API reference', () => {
  it('builds a body from the required fields of the schema', () => {
    expect(exampleOf(createBank.requestBody!.content!['application/json']!.schema)).toEqual({
      slug: 'text',
      public: true,
    });
    expect(exampleOf({ enum: ['gift', 'qti'] })).toBe('gift');
  });

  it('calls a bearer API with curl, the generated client and Python', () => {
    const [curl, javascript, python] = samplesFor(
      doc,
      'post',
      '/clients/{clientId}/banks',
      createBank,
      { module: '@questa/qdb-client', create: 'createQdbClient({ apiKey: QUESTA_API_KEY })' },
    );
    expect(curl!.code).toContain('curl -X POST "$QUESTA_URL/qdb/api/v1/clients/$clientId/banks"');
    expect(curl!.code).toContain('Authorization: Bearer $QUESTA_API_KEY');
    expect(curl!.code).toContain('"slug": "text"');
    expect(javascript!.code).toContain("import { createQdbClient } from '@questa/qdb-client';");
    expect(javascript!.code).toContain("await api.POST('/clients/{clientId}/banks', {");
    expect(javascript!.code).toContain('params: { path: { clientId } },');
    expect(python!.code).toContain('f"{QUESTA_URL}/qdb/api/v1/clients/{clientId}/banks"');
    expect(python!.code).toContain('"public": True');
  });

  it('calls a session API from the page with its cookie and the request header', () => {
    const [curl, javascript] = samplesFor(
      { ...doc, servers: [{ url: '/api' }], security: [{ session: [] }] },
      'post',
      '/exams',
      { requestBody: createBank.requestBody },
      undefined,
    );
    expect(curl!.code).toContain('-H "Cookie: questa_session=$QUESTA_SESSION"');
    expect(curl!.code).toContain('-H "x-questa-request: 1"');
    expect(javascript!.code).toContain("credentials: 'include',");
    expect(javascript!.code).toContain("'x-questa-request': '1'");
  });

  it('sends no credentials to a public operation', () => {
    const [curl] = samplesFor(doc, 'get', '/catalog/banks', { security: [] }, undefined);
    expect(curl!.code).toBe('curl -X GET "$QUESTA_URL/qdb/api/v1/catalog/banks"');
  });
});
