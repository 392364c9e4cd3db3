import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isFirstMessage } from '../../pages';
import en from '../locales/en.json';

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The entry, and the routes that do not wait for the rest of English (router.tsx). */
const firstPages = [
  'main.tsx',
  'app/routes/catalog.tsx',
  'app/routes/bank.tsx',
  'app/routes/signed-in.tsx',
  'app/routes/practice.tsx',
  'app/routes/not-found.tsx',
];

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/**
 * Every module the first pages can run: static imports and the chunks they load themselves. The
 * router's own lazy routes are left out; the other pages are the ones that wait.
 */
function firstPageModules(): Map<string, string> {
  const modules = new Map<string, string>();
  const pending = firstPages.map((file) => path.join(src, file));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (modules.has(file) || !/\.tsx?$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    modules.set(file, text);
    const imports = [...text.matchAll(/^\s*import\s+(?!type\b)[^'"]*?['"]([^'"]+)['"]/gm)];
    const loaded = file.endsWith('router.tsx') ? [] : [...text.matchAll(/import\(\s*'([^']+)'/g)];
    for (const [, specifier = ''] of [...imports, ...loaded]) {
      const resolved = resolveImport(file, specifier);
      if (resolved) pending.push(resolved);
    }
  }
  return modules;
}

describe('the messages of the first pages', () => {
  it('are all in the first cut of English, as far as their source names them', () => {
    const prefixes = [...new Set(Object.keys(en).map((key) => key.split('.')[0]!))];
    const missing: string[] = [];
    for (const [file, text] of firstPageModules()) {
      // Keys written out, and keys built from a template literal's fixed start.
      for (const [, key = ''] of text.matchAll(/['"`]([a-zA-Z]+\.[a-zA-Z0-9_.]*)/g)) {
        const stem = key.replace(/\.$/, '');
        if (!prefixes.includes(stem.split('.')[0]!)) continue;
        const known = Object.keys(en).filter((candidate) => candidate.startsWith(stem));
        if (known.length > 0 && !known.some(isFirstMessage)) {
          missing.push(`${path.relative(src, file)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('leave most of English to the pages that wait for it', () => {
    const first = Object.keys(en).filter(isFirstMessage).length;
    expect(first).toBeGreaterThan(0);
    expect(first / Object.keys(en).length).toBeLessThan(0.5);
  });
});
