import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { createHttpQuestionDbClient, providerClientsFromConfig } from '@questa/api';
import { loadConfig, type QuestaConfig } from '@questa/config';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { questionDb } from '@questa/question-db';
import { buildGateway, gatewaySchemas } from './gateway';
import { freePort } from './testing/start-questa';

/**
 * One process as `npm start` wires it: the embedded provider grants the main API's client tokens
 * of its own, and the question database trusts them for catalog draws. The main API's real
 * openid-client token source fetches them over HTTP.
 */
describe('catalog draws in one process, with the embedded provider', () => {
  let test: TestDatabase;
  let gateway: FastifyInstance;
  let config: QuestaConfig;
  let folders: string[] = [];
  const banks: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestDatabase();
    for (const { schema, migrations } of gatewaySchemas) {
      await migrate(test.database, schema, migrations);
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'questa-gateway-'));
    const webDistDir = await mkdtemp(path.join(tmpdir(), 'questa-web-'));
    folders = [dataDir, webDistDir];
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>Questa</title>');
    await writeFile(path.join(webDistDir, 'live.html'), '<!doctype html><title>Play live</title>');
    config = loadConfig({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      QUESTA_DATA_DIR: dataDir,
      // Known here so the test can be the main API's client too; made up at each start otherwise.
      OIDC_CLIENT_SECRET: 'a-client-secret-known-to-this-test',
      DEMO_ACCOUNTS: 'false',
      LOG_LEVEL: 'silent',
    });
    gateway = await buildGateway({
      config,
      database: test.database,
      webDistDir,
      logRequests: false,
      demoContent: () => ({
        tenant: { slug: 'gateway-draws', name: 'Gateway draws' },
        media: [],
        banks: (['public', 'premium'] as const).map((visibility) => ({
          slug: visibility,
          title: visibility,
          description: '',
          language: 'en',
          visibility,
          tags: [],
          questions: Array.from({ length: 3 }, (_, index) => ({
            mediaKeys: [],
            content: {
              type: 'short_text',
              stem: `${visibility} question ${index}`,
              topic: 'Capitals',
              difficulty: 1,
              accepted: ['x'],
            },
          })),
        })),
      }),
    });
    await gateway.listen({ port: config.port, host: config.host });
    const db = questionDb(test.database);
    for (const row of await db.selectFrom('banks').select(['id', 'slug']).execute()) {
      banks[row.slug] = row.id;
    }
  });
  afterAll(async () => {
    await gateway?.close();
    await test?.dispose();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('issues the main API a token in its own name for the question database', async () => {
    const { serviceToken } = providerClientsFromConfig(config, config.oidc.clientSecret!);
    const token = await serviceToken.token();
    expect(decodeJwt(token)).toMatchObject({
      iss: config.oidc.issuer,
      aud: config.oidc.audience,
      sub: 'questa-web',
      client_id: 'questa-web',
    });
    expect(await serviceToken.token()).toBe(token);
  });

  it('draws from public and premium banks with it, and from no private one', async () => {
    const client = createHttpQuestionDbClient({
      baseUrl: config.questionDbUrl,
      serviceToken: providerClientsFromConfig(config, config.oidc.clientSecret!).serviceToken,
    });
    for (const slug of ['public', 'premium']) {
      const drawn = await client.drawFromCatalog(banks[slug]!, { rules: [{ count: 2 }] });
      expect(drawn.questions).toHaveLength(2);
      expect(drawn.questions[0]!.content.stem).toMatch(new RegExp(`^${slug} question`));
    }

    await questionDb(test.database)
      .updateTable('banks')
      .set({ visibility: 'private' })
      .where('slug', '=', 'premium')
      .execute();
    await expect(
      client.drawFromCatalog(banks.premium!, { rules: [{ count: 1 }] }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('answers unavailable when the provider does not know the client’s secret', async () => {
    const { serviceToken } = providerClientsFromConfig(config, 'not-the-client-secret-at-all');
    await expect(serviceToken.token()).rejects.toMatchObject({ code: 'unavailable' });
  });
});
