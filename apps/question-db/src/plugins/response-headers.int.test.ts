import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../testing';

const API = '/qdb/api/v1';

/** A tenant's questions are nobody else's: never kept by a cache, never read as anything but JSON. */
describe('headers on the question database’s answers', () => {
  let t: TestQuestionDb;
  let clientId: string;
  let author: { authorization: string };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    clientId = await t.createTenant('headers', { ada: 'author' });
    author = bearer(await t.issuer.sign({ sub: 'ada' }));
    await t.createBank(clientId, 'secrets', author);
  });
  afterAll(() => t?.close());

  it.each([
    ['a tenant’s banks', () => `${API}/clients/${clientId}/banks`],
    ['a tenant’s questions', () => `${API}/clients/${clientId}/questions`],
    ['the caller’s memberships', () => `${API}/me/memberships`],
  ])('sends %s with Cache-Control: no-store and nosniff', async (_what, url) => {
    const response = await t.app.inject({ url: url(), headers: author });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a refusal as a problem document with no-store and nosniff', async () => {
    const response = await t.app.inject(`${API}/clients/${clientId}/banks`);
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the API reference page a content security policy', async () => {
    const response = await t.app.inject(`${API}/docs/`);
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // The page runs no script at all, so nothing injected into it could run either.
    expect(policy).not.toContain('script-src');
    expect(policy).not.toContain('unsafe-inline');
  });
});
