import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// Vite bundles a config file's relative imports but hands package imports to Node, which cannot load
// TypeScript on Node 20; importing @questa/config's entry by path keeps `vite build` loader-free.
import { loadWebBuildConfig } from '../../packages/config/src/index.ts';
import type { ClientConfig } from './src/lib/config';

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
    plugins: [react()],
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
        // Libraries change far less often than Questa's code; their own chunks stay cached
        // across releases. The vendor chunk loads with the first page, so the Markdown and math
        // libraries that only authors' pages use get a chunk of their own, loaded with those pages.
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'markdown',
                test: /node_modules[\\/](marked|katex|dompurify)[\\/]/,
                priority: 4,
              },
              // The realtime client and the QR code drawing: only the live-room pages use them.
              {
                name: 'live',
                test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|qrcode|dijkstrajs|pngjs)[\\/]/,
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
              // that need it, so neither weighs on the catalog.
              {
                name: 'shared',
                test: /apps[\\/]web[\\/]src[\\/](components|lib)[\\/](?!answering[\\/]|.*markdown)/,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  };
});
