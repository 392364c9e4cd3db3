import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createParsePool, type ImportParser } from './parse-pool';

// As many questions as one import may hold, each validated: seconds of parsing.
const largeGift = Array.from(
  { length: IMPORT_LIMITS.maxQuestions },
  (_, i) => `::Q${i}:: What is ${i} + 1? {=${i + 1} ~${i + 2} ~${i}}`,
).join('\n\n');

async function until(condition: () => boolean, what: string, deadlineMs = 60_000) {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('import files are parsed off the request thread', () => {
  let qdb: TestQuestionDb;
  let clientId: string;
  let headers: Record<string, string>;
  const events: string[] = [];
  const pool = createParsePool();
  // The app's parser, watched: the test learns when a parse starts and ends.
  const watched: ImportParser = {
    async parse(format, bytes) {
      events.push('parse started');
      try {
        return await pool.parse(format, bytes);
      } finally {
        events.push('parse finished');
      }
    },
    close: () => pool.close(),
  };

  beforeAll(async () => {
    qdb = await startTestQuestionDb({ importParser: watched });
    clientId = await qdb.createTenant('pooled', { owner: 'owner' });
    headers = bearer(await qdb.issuer.sign({ sub: 'owner' }));
  });
  afterAll(async () => {
    await qdb?.close();
    await pool.close();
  });

  it('answers a health check while a 10,000-question file is being parsed', async () => {
    const bankId = await qdb.createBank(clientId, 'large', headers);
    const importing = qdb.app.inject({
      method: 'POST',
      url: `/qdb/api/v1/clients/${clientId}/banks/${bankId}/import?format=gift&dryRun=true`,
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: Buffer.from(largeGift),
    });
    await until(() => events.includes('parse started'), 'the import to start parsing');

    const health = await qdb.app.inject({ url: '/qdb/api/v1/health' });
    events.push('health answered');
    expect(health.statusCode).toBe(200);

    const report = await importing;
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ total: 10_000, valid: 10_000, errors: [] });
    // Parsed on the request thread, the file would be finished before the check got an answer.
    expect(events).toEqual(['parse started', 'health answered', 'parse finished']);
  });

  it('answers 503 when a file takes longer to parse than its time allows', async () => {
    const hurried = createParsePool({ timeoutMs: 1 });
    try {
      await expect(hurried.parse('gift', Buffer.from(largeGift))).rejects.toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('took longer than'),
      });
    } finally {
      await hurried.close();
    }
  });
});
