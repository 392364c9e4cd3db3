import { ConfigError } from './env.ts';

/** The oldest Node.js major Questa runs on; the root package.json's `engines` says the same. */
export const MIN_NODE_MAJOR = 24;

/**
 * Refuses to start on an older Node.js with a sentence that says how to get the right one. The
 * npm scripts put the Node 24 that `npm ci` installs first on the PATH, so this only fires when
 * a service is started some other way.
 */
export function checkRuntime(version: string = process.versions.node): void {
  const major = Number(version.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return;
  throw new ConfigError(
    `Questa needs Node.js ${MIN_NODE_MAJOR} or newer and this is ${version}: start it with ` +
      '`npm start` (or another npm script), which runs the Node.js that `npm ci` installed.',
  );
}
