import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps paths on this origin, with their query and fragment', () => {
    expect(safeReturnTo('/banks/42?tab=topics#top')).toBe('/banks/42?tab=topics#top');
    expect(safeReturnTo('/account')).toBe('/account');
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
    const result = safeReturnTo(value);
    expect(result.startsWith('/')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    expect(new URL(result, 'http://questa.test').origin).toBe('http://questa.test');
    expect(result).not.toMatch(/[\r\n]/);
  });
});
