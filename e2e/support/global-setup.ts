import type { TestProject } from 'vitest/node';
import { passToChildProcesses } from '@questa/config';
import { startQuesta, type RunningServer } from '@questa/gateway/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data folder, where the mail outbox is. */
    dataDir: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  // Every browser of the suite comes from one loopback address, where a school's would come from
  // many: the per-address limit would count a whole class as one caller. The limits themselves are
  // tested by the integration tests of both services.
  passToChildProcesses({ RATE_LIMIT_PER_ADDRESS: '100000' });
  server = await startQuesta();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await server?.stop();
}
