import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';

// The API reference shows these examples as request bodies; one that the schema refused would
// teach an integrator a request that fails.
const documented = Object.entries(contracts).flatMap(([name, value]) => {
  if (!(value instanceof z.ZodType)) return [];
  const examples = (value.meta()?.examples ?? []) as unknown[];
  return examples.map((example) => ({ name, schema: value, example }));
});

describe('documented examples', () => {
  it('exist for the request bodies', () => {
    const names = new Set(documented.map((entry) => entry.name));
    for (const body of ['bankInput', 'questionCreate', 'drawRequest', 'credentialInput']) {
      expect(names).toContain(body);
    }
  });

  it.each(documented)('$name: its example is valid', ({ schema, example }) => {
    expect(schema.safeParse(example).error).toBeUndefined();
  });
});
