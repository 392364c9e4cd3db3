import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLearningApi,
  type Learner,
  type LearningApi,
} from '../modules/learning/learning-test-kit';

/**
 * A learner's own data must never be kept by the browser or a cache between them and Questa (a
 * school's shared computer, a proxy), and no JSON answer may be read as anything but JSON.
 */
describe('headers on the main API’s answers', () => {
  let kit: LearningApi;
  let learner: Learner;

  beforeAll(async () => {
    kit = await startLearningApi();
    learner = await kit.learner('headers', { premium: true });
  });
  afterAll(async () => {
    await kit?.close();
  });

  it.each([
    ['an exam started', 'POST', '/api/exams', 201],
    ['the exams taken', 'GET', '/api/exams', 200],
    ['progress', 'GET', '/api/progress', 200],
    ['bookmarks', 'GET', '/api/bookmarks', 200],
    ['the session', 'GET', '/api/session', 200],
  ] as const)(
    'sends %s with Cache-Control: no-store and nosniff',
    async (_what, method, url, status) => {
      const response = await learner.call({
        method,
        url,
        ...(method === 'POST' && { payload: { bankId: kit.publicBankId } }),
      });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('sends problem documents with no-store and nosniff too', async () => {
    const response = await kit.api.inject('/api/progress');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the public catalog keep the short cache it asks for', async () => {
    const response = await kit.api.inject('/api/catalog/banks');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the API reference page a content security policy', async () => {
    const response = await kit.api.inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // The page runs no script at all, so nothing injected into it could run either.
    expect(policy).not.toContain('script-src');
    expect(policy).not.toContain('unsafe-inline');
  });
});
