import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
// Vite bundles a config file's relative imports but hands package imports to Node, which cannot load
// TypeScript on Node 20; importing @questa/config's entry by path keeps `vite build` loader-free.
import { loadWebBuildConfig } from '../../packages/config/src/index.ts';
import type { ClientConfig } from './src/lib/config';
import { clientPages, messageCuts, pageFor } from './pages.ts';

/** The dev server answers each page's addresses with that page, as the gateway does. */
function clientPagesInDev(): Plugin {
  return {
    name: 'questa-client-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '', query] = (request.url ?? '').split('?');
        const page = pageFor(pathname);
        if (page !== 'index.html') request.url = `/${page}${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

/**
 * Each page's own stylesheets go into its HTML as `<style>` elements: a stylesheet linked in the
 * head holds the first paint until it arrives, one round trip per file on a phone's connection.
 * Each link stays behind, disabled, which the browser does not download: Vite's chunk loader reads
 * the page's stylesheet links to learn what is loaded already, and would otherwise fetch them
 * again with the first lazy chunk that shares one of them.
 */
function inlinePageStyles(): Plugin {
  return {
    name: 'questa-inline-page-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (link, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (asset?.type !== 'asset') return link;
            const css = String(asset.source).replaceAll('</style', '<\\/style');
            return `<style>${css}</style>\n    <link rel="stylesheet" href="/${fileName}" disabled>`;
          },
        );
      },
    },
  };
}

/** Questa's own modules that many pages use, except the answer widgets and Markdown. */
const sharedParts = /apps[\\/]web[\\/]src[\\/](components|lib)[\\/](?!answering[\\/]|.*markdown)/;
/**
 * What the player's page takes from the app: its share of `sharedParts`, of the workspace
 * packages' rules, and Vite's helper that loads chunks. Claimed before `shared` takes them in
 * as dependencies of its own modules.
 */
const playerPageParts = (id: string) =>
  sharedParts.test(id) || /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]|vite[\\/]preload-helper/.test(id);

const source = (file: string) => fileURLToPath(new URL(`src/${file}`, import.meta.url));
const playerPageEntries = [source('live-main.tsx')];
/** The app's entry and the routes of its first pages: the catalog, a bank's page and practice. */
const firstPageEntries = [
  source('main.tsx'),
  ...['catalog', 'bank', 'signed-in', 'practice'].map((route) => source(`app/routes/${route}.tsx`)),
];

const graphs = new Map<string[], { context: Rolldown.ChunkingContext; modules: Set<string> }>();

/** Every module that `entries` load up front: what they import, directly or not. */
function modulesOf(entries: string[], context: Rolldown.ChunkingContext): Set<string> {
  const known = graphs.get(entries);
  if (known?.context === context) return known.modules;
  const modules = new Set<string>();
  const pending = [...entries];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (modules.has(id)) continue;
    modules.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  graphs.set(entries, { context, modules });
  return modules;
}

/**
 * `locales/xx.json?page=live` is that locale cut down to the messages the page shows; the app's
 * `app-first` and `app-later` cuts split its messages between its first pages and the rest.
 */
function pageMessages(): Plugin {
  return {
    name: 'questa-page-messages',
    enforce: 'pre',
    load: {
      filter: { id: /\.json\?page=/ },
      async handler(id) {
        const [file = '', query = ''] = id.split('?');
        const name = new URLSearchParams(query).get('page');
        const cut = messageCuts.find((candidate) => candidate.name === name);
        if (!cut) return null;
        this.addWatchFile(file);
        const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
        const kept = Object.entries(messages).filter(([key]) => cut.messages(key));
        return `export default ${JSON.stringify(Object.fromEntries(kept))};`;
      },
    },
  };
}

export default defineConfig(({ command }) => {
  const settings = loadWebBuildConfig();
  const client = {
    apiBase: command === 'serve' ? settings.devApiBase : settings.apiBase,
    questionDbBase: settings.questionDbBase,
    cdnBase: settings.cdnBase,
    paymentClientId: settings.paymentClientId,
  } satisfies ClientConfig;
  const proxy = { target: settings.devProxyTarget, xfwd: true };

  return {
    plugins: [react(), clientPagesInDev(), pageMessages(), inlinePageStyles()],
    define: {
      __QUESTA_CONFIG__: JSON.stringify(client),
      // Builds are always production builds, even when started from a process whose NODE_ENV is
      // `test` (Vitest sets it), which would otherwise ship React's development code.
      ...(command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
    },
    server: {
      proxy: {
        // `ws` carries the live-quiz WebSocket under /api/live.
        '/api': { ...proxy, ws: true },
        '/qdb': proxy,
        '/cdn': proxy,
        '/idp': proxy,
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        // Two pages: the app, and the live player's page, which a phone opens from a room's link
        // or QR code and which loads no router, app shell or host code (docs/architecture.md).
        input: Object.fromEntries(
          ['index.html', ...clientPages.map((page) => page.html)].map((html) => [
            html.replace(/\.html$/, ''),
            fileURLToPath(new URL(html, import.meta.url)),
          ]),
        ),
        // Libraries change far less often than Questa's code; their own chunks stay cached
        // across releases. The vendor chunk loads with the app's first page, so the Markdown and
        // math libraries that only authors' pages use get a chunk of their own, loaded with those
        // pages; React is a chunk of its own because the player's page loads it without the rest.
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'markdown',
                test: /node_modules[\\/](marked|katex|dompurify)[\\/]/,
                priority: 4,
              },
              // The realtime client: only the player's page and the host's console use it.
              {
                name: 'live',
                test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter)[\\/]/,
                priority: 4,
              },
              // The QR code of a room's link, drawn on the host's screen only.
              {
                name: 'qrcode',
                test: /node_modules[\\/](qrcode|dijkstrajs|pngjs)[\\/]/,
                priority: 4,
              },
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 4,
              },
              {
                name: 'vendor',
                test: /node_modules[\\/](?!(marked|katex|dompurify)[\\/])/,
                priority: 3,
              },
              // Questa's own shared parts in one chunk rather than dozens of small ones: on a
              // phone's connection each extra file waits for a free connection. The answer widgets
              // stay with the pages that ask questions, and the Markdown renderer with the pages
              // that need it, so neither weighs on the catalog. What the player's page uses of
              // them is a chunk of its own, which the app loads too: the player's page would
              // otherwise load all of `shared` for a few of its modules.
              {
                name: (id, context) =>
                  modulesOf(playerPageEntries, context).has(id) ? 'common' : null,
                debugName: 'common',
                test: playerPageParts,
                priority: 2,
              },
              // The quick types' widgets and what every widget and answer form uses, in one file
              // rather than five small ones: the live player's page and most practice questions
              // need all of it (the other types' widgets stay chunks of their own).
              {
                name: 'quick-answers',
                test: /apps[\\/]web[\\/]src[\\/]components[\\/]answering[\\/](quick-answer-fields|choice-fields|ordering-field|typed-fields|answer-draft|field-common|use-touch-only|mark)\.tsx?$/,
                priority: 2,
              },
              // What the first pages use of the rest in one chunk, and what only later pages use
              // (uploads, tables, tabs, dialogs…) in another, which those pages load with their code.
              {
                name: (id, context) =>
                  modulesOf(firstPageEntries, context).has(id) ? 'shared' : 'shared-later',
                debugName: 'shared',
                test: sharedParts,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  };
});
