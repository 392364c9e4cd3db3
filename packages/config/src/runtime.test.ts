import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRuntime, MIN_NODE_MAJOR } from './runtime.ts';

describe('the Node.js runtime', () => {
  it('is the one the project declares, for this test run too', () => {
    const root = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { engines: { node: string }; devDependencies: { node: string } };
    expect(root.engines.node).toMatch(new RegExp(`^>=${MIN_NODE_MAJOR}\\b`));
    expect(root.devDependencies.node).toMatch(new RegExp(`^\\^${MIN_NODE_MAJOR}\\.`));
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(MIN_NODE_MAJOR);
  });

  it('refuses an older one with a sentence that says what to do', () => {
    expect(() => checkRuntime('20.20.2')).toThrow(
      /needs Node\.js 24 or newer and this is 20\.20\.2: start it with `npm start`/,
    );
    expect(() => checkRuntime('24.11.0')).not.toThrow();
  });
});
