import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { Logger } from 'vite';
import { loadWebBuildConfig } from '@questa/config';
import { clientPages } from './pages';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

const webDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(webDir, '../..');
const distDir = join(webDir, 'dist');
const stampFile = join(distDir, '.build-stamp.json');

/**
 * Everything the bundle is made from. The locale files live under src/locales; the lock file stands
 * for the installed libraries; the client imports types from contracts and `can` from policy.
 */
const inputs = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  ...clientPages.map((page) => join(webDir, page.html)),
  join(webDir, 'pages.ts'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'package.json'),
  join(repoRoot, 'packages/contracts/src'),
  join(repoRoot, 'packages/policy/src'),
  join(repoRoot, 'package-lock.json'),
];

export interface EnsureWebBuildOptions {
  /** Build even when dist matches its inputs. */
  force?: boolean;
  /** Receives progress lines instead of the console. */
  log?: (msg: string) => void;
}

export interface EnsureWebBuildResult {
  built: boolean;
  distDir: string;
}

let running: Promise<EnsureWebBuildResult> | undefined;

/**
 * Builds the web client into apps/web/dist unless the last build was made from the same inputs.
 * Concurrent calls in one process share a single build.
 */
export function ensureWebBuild(options: EnsureWebBuildOptions = {}): Promise<EnsureWebBuildResult> {
  running ??= buildIfStale(options).finally(() => {
    running = undefined;
  });
  return running;
}

async function buildIfStale({ force = false, log }: EnsureWebBuildOptions) {
  const say = log ?? ((msg: string) => console.log(msg));
  const fingerprint = await fingerprintInputs();

  if (!force && (await readStamp()) === fingerprint && existsSync(join(distDir, 'index.html'))) {
    return { built: false, distDir };
  }

  say('Building the web client…');
  const started = performance.now();
  // A build that fails halfway must not leave a stamp that vouches for it.
  await rm(stampFile, { force: true });
  // Vite loads in about half a second; a start whose build is up to date should not pay for it.
  const { build } = await import('vite');
  await build({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    mode: 'production',
    logLevel: log ? 'warn' : 'info',
    ...(log ? { customLogger: forwardingLogger(log) } : {}),
  });
  await precompress(distDir);
  await writeFile(stampFile, JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }));
  say(`Built the web client in ${Math.round(performance.now() - started)} ms.`);
  return { built: true, distDir };
}

const compressible = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a Brotli and a gzip copy beside every text asset, so the server sends them as they are
 * (no compression work per request) to any browser that accepts them. On a phone's connection the
 * client's JavaScript is a third of its size this way.
 */
async function precompress(dir: string) {
  const files = (await listFiles(dir)).filter((file) => compressible.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 10,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/**
 * Hashes the path, size and modification time of every input file, plus the build-time settings,
 * which change the bundle without touching a file.
 */
async function fingerprintInputs(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(loadWebBuildConfig()));
  for (const input of inputs) {
    for (const file of await listFiles(input)) {
      const info = await stat(file);
      hash.update(`${relative(repoRoot, file)}\0${info.size}\0${info.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

async function listFiles(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function readStamp(): Promise<string | undefined> {
  try {
    const stamp: unknown = JSON.parse(await readFile(stampFile, 'utf8'));
    return typeof stamp === 'object' && stamp !== null && 'fingerprint' in stamp
      ? String(stamp.fingerprint)
      : undefined;
  } catch {
    return undefined;
  }
}

function forwardingLogger(log: (msg: string) => void): Logger {
  const loggedErrors = new WeakSet<object>();
  const warnedOnce = new Set<string>();
  const logger: Logger = {
    hasWarned: false,
    info: (msg) => log(msg),
    warn: (msg) => {
      logger.hasWarned = true;
      log(msg);
    },
    warnOnce: (msg) => {
      if (warnedOnce.has(msg)) return;
      warnedOnce.add(msg);
      logger.warn(msg);
    },
    error: (msg, options) => {
      if (options?.error) loggedErrors.add(options.error);
      log(msg);
    },
    clearScreen: () => {},
    hasErrorLogged: (error) => loggedErrors.has(error),
  };
  return logger;
}
