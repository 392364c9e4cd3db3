import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const distDir = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

// What a token or secret looks like when it leaks into a bundle.
const secretPatterns: [string, RegExp][] = [
  ['a JSON Web Token', /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  ['a payment secret key', /\b(sk|rk)_(live|test)_[A-Za-z0-9]{8,}/],
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['a bearer credential', /Bearer\s+[A-Za-z0-9._~+/-]{20,}/],
  ['an API key of the question database', /qdbk_[A-Za-z0-9_-]{10,}/],
  ['an OAuth client secret', /client_secret/i],
  ['the demo password', /practice-makes-perfect/],
];

describe('the built web client', () => {
  it('contains no token-like or secret-like string', async () => {
    // The global setup started Questa, which built the client first.
    const files = (await readdir(distDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && /\.(js|html|css|json|map|svg)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const [what, pattern] of secretPatterns) {
        expect(pattern.test(text), `${path.relative(distDir, file)} contains ${what}`).toBe(false);
      }
    }
  });

  it('carries no schema library: the client takes its rules from the zod-free entry', async () => {
    const scripts = (await readdir(distDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
      .map((entry) => path.join(entry.parentPath, entry.name));
    for (const file of scripts) {
      // zod names its classes with strings such as "$ZodType", which survive minification.
      expect(await readFile(file, 'utf8'), path.relative(distDir, file)).not.toMatch(/\$Zod[A-Z]/);
    }
  });

  it("gives the live player's page its own light scripts: no router, no QR code, within budget", async () => {
    // What live.html loads up front: its entry and the chunks it preloads.
    const html = await readFile(path.join(distDir, 'live.html'), 'utf8');
    const scripts = [
      ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
    ].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    let gzipBytes = 0;
    for (const script of scripts) {
      const code = await readFile(path.join(distDir, script));
      gzipBytes += gzipSync(code).length;
      // The router's and the QR code library's own words survive minification.
      expect(code.toString(), script).not.toMatch(/react-router|QR Code/);
    }
    // A phone on a slow connection opens this page from a room's link (bench/RESULTS.md).
    expect(gzipBytes / 1024).toBeLessThanOrEqual(100);
  });
});
