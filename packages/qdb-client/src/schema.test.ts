import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { schemaFile, schemaSource } from './generate/schema-source';

describe('the generated client types', () => {
  it('match the routes the question database serves (npm run generate -w @questa/qdb-client)', async () => {
    expect(await readFile(schemaFile, 'utf8')).toBe(await schemaSource());
  }, 60_000);
});
