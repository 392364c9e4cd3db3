import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

/** True when a browser following `Location: path` from a page of `base` stays on base's origin. */
function staysHome(path: string, base: string) {
  return new URL(path, base).origin === new URL(base).origin;
}

function expectLocal(result: string) {
  expect(result.startsWith('/')).toBe(true);
  expect(result.startsWith('//')).toBe(false);
  expect(result.startsWith('/\\')).toBe(false);
  // eslint-disable-next-line no-control-regex -- control characters are what must never come back
  expect(result).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  expect(staysHome(result, 'http://questa.test/')).toBe(true);
  expect(staysHome(result, 'https://questa.test/api/auth/callback?code=x')).toBe(true);
}

describe('safeReturnTo', () => {
  it('keeps paths on this origin, with their query and fragment', () => {
    expect(safeReturnTo('/banks/42?tab=topics#top')).toBe('/banks/42?tab=topics#top');
    expect(safeReturnTo('/account')).toBe('/account');
    expect(safeReturnTo('/a/../account')).toBe('/account');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/%0d%0aSet-Cookie:x=1',
    '/ok\r\nLocation: https://evil.example',
    'evil.example',
    '',
    undefined,
  ])('turns %j into the home page', (value) => {
    expectLocal(safeReturnTo(value));
  });

  // Each of these normalises to `//evil.example/phish`: the check must hold for what is returned.
  it.each([
    '/.//evil.example/phish',
    '/..//evil.example/phish',
    '/a/..//evil.example/phish',
    '/%2e//evil.example/phish',
    '/%2E%2E//evil.example/phish',
    '/././/evil.example/phish',
  ])('never sends %j to another host', (value) => {
    const result = safeReturnTo(value);
    expectLocal(result);
    expect(result).toBe('/');
  });

  it('returns a path on this origin for any mix of dot segments, slashes and encodings', () => {
    const segment = fc.constantFrom(
      '',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2e%2e',
      '.%2e',
      '%2f',
      '%5c',
      '\\',
      '/',
      '\t',
      '\n',
      ' ',
      '@',
      ':',
      'evil.example',
      'evil.example:443',
      'https:',
      'javascript:',
      'banks',
      '?x=/',
      '#//evil',
    );
    const path = fc
      .array(segment, { maxLength: 8 })
      .chain((parts) =>
        fc.constantFrom(...['/', '//', '/\\', '', '\\/'].map((lead) => lead + parts.join('/'))),
      );
    fc.assert(
      fc.property(fc.oneof(path, fc.string()), (value) => {
        const result = safeReturnTo(value);
        expectLocal(result);
        // What is returned is already safe: checking it again changes nothing.
        expect(safeReturnTo(result)).toBe(result);
      }),
      { numRuns: 2000 },
    );
  });
});
