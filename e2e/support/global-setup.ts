import type { TestProject } from 'vitest/node';
import { startQuesta, type RunningServer } from '@questa/gateway/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  server = await startQuesta();
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}
