import type { TestProject } from 'vitest/node';
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
  server = await startQuesta();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await server?.stop();
}
