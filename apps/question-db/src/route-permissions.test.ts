import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '@questa/policy';
import { startTestQuestionDb, type TestQuestionDb } from './testing';

describe('route permissions', () => {
  let t: TestQuestionDb;
  beforeAll(async () => {
    t = await startTestQuestionDb();
  });
  afterAll(() => t?.close());

  it('has every route declare public or a permission the policy module knows', () => {
    expect(t.routes.length).toBeGreaterThan(10);
    const known = new Set<string>(['public', ...permissions]);
    const undeclared = t.routes.filter((route) => !known.has(route.permission ?? ''));
    expect(undeclared).toEqual([]);
  });

  it('keeps public only what anyone may see', () => {
    const publicRoutes = t.routes
      .filter((route) => route.permission === 'public' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /cdn/media/:sha256',
      'GET /qdb/api/v1/catalog/banks',
      'GET /qdb/api/v1/catalog/banks/:bankId',
      'GET /qdb/api/v1/docs',
      'GET /qdb/api/v1/docs/',
      // The reference's style sheet, named by its content so browsers keep it.
      expect.stringMatching(/^GET \/qdb\/api\/v1\/docs\/reference\.[0-9a-f]{12}\.css$/),
      'GET /qdb/api/v1/health',
      'GET /qdb/api/v1/health/live',
      'GET /qdb/api/v1/health/ready',
      'GET /qdb/api/v1/openapi.json',
      // The link's secret is the capability: its holder may see what it invites to.
      'POST /qdb/api/v1/invitations/preview',
    ]);
  });

  it('refuses an anonymous caller on every other route before reading its input', async () => {
    const guarded = t.routes.filter((route) => route.permission !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z]+/g, 'x'),
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: { junk: true } } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
