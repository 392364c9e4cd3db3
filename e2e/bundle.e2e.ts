import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
});
