import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { createHttpQuestionDbClient, API_PREFIX, apiApp, createApiCore } from '@questa/api';
import { openDatabase } from '@questa/db';
import { createRootServer } from '@questa/http-kit';
import { unreachableOidcClient } from '@questa/api/testing';

/** What the parent sends: one main API process on an existing database. */
export interface AnswerServerOptions {
  databaseUrl: string;
  maxConnections: number;
  questionDbUrl: string;
  /** A service token minted by the parent's test issuer: the bench outlives no token. */
  serviceToken: string;
  publicUrl: string;
}

/** Sent later: profile the CPU from `start` until `stop`, writing the profile to `file`. */
export type ProfileCommand = { profile: 'start' } | { profile: 'stop'; file: string };

/*
 * The main API as its own process, built as apps/api/src/server.ts builds it (request logging on,
 * level warn), so the load generator in the parent does not share its event loop.
 */
process.once('message', async (options: AnswerServerOptions) => {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    maxConnections: options.maxConnections,
  });
  const root = createRootServer({ logLevel: 'warn', logRequests: true });
  const core = createApiCore({
    database,
    questionDb: createHttpQuestionDbClient({
      baseUrl: options.questionDbUrl,
      serviceToken: { token: async () => options.serviceToken },
    }),
    oidc: unreachableOidcClient(options.publicUrl),
    publicUrl: options.publicUrl,
    secureCookies: false,
  });
  await root.register(apiApp, { prefix: API_PREFIX, core });
  await root.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (root.server.address() as AddressInfo).port });
  const inspector = new Session();
  process.on('message', async (command: ProfileCommand) => {
    if (command.profile === 'start') {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    } else {
      const { profile } = await inspector.post('Profiler.stop');
      await writeFile(command.file, JSON.stringify(profile));
      inspector.disconnect();
    }
    process.send?.({ profiled: command.profile });
  });
  process.once('SIGTERM', async () => {
    await root.close();
    await database.close();
    process.exit(0);
  });
});
