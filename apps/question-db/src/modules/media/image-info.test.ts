import { describe, expect, it } from 'vitest';
import { rasterDimensions, sniffImageType } from './image-info';
import { gif, jpeg, png, webpExtended, webpLossless, webpLossy } from './test-images';

describe('image type and size', () => {
  it('reads the type and dimensions of every raster format from its header', () => {
    for (const [bytes, type] of [
      [png(640, 480), 'image/png'],
      [jpeg(640, 480), 'image/jpeg'],
      [gif(640, 480), 'image/gif'],
      [webpLossy(640, 480), 'image/webp'],
      [webpLossless(640, 480), 'image/webp'],
      [webpExtended(640, 480), 'image/webp'],
    ] as const) {
      expect(sniffImageType(bytes)).toBe(type);
      expect(rasterDimensions(type, bytes)).toEqual({ width: 640, height: 480 });
    }
    expect(rasterDimensions('image/webp', webpExtended(16384, 9000))).toEqual({
      width: 16384,
      height: 9000,
    });
  });

  it('reports an incomplete header rather than guessing', () => {
    expect(rasterDimensions('image/png', png(1, 1).subarray(0, 16))).toBeUndefined();
    expect(rasterDimensions('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
    expect(rasterDimensions('image/webp', webpLossy(5, 5).subarray(0, 24))).toBeUndefined();
    // Sides of zero, or beyond PNG's limit of 2^31 − 1, mean the header is broken.
    expect(rasterDimensions('image/png', png(0, 10))).toBeUndefined();
    expect(rasterDimensions('image/png', png(10, 2 ** 31))).toBeUndefined();
    expect(rasterDimensions('image/gif', gif(0, 0))).toBeUndefined();
  });

  it('recognises SVG after a BOM, an XML declaration, comments and a DOCTYPE', () => {
    const svg = (prologue: string) =>
      sniffImageType(Buffer.from(`${prologue}<svg xmlns="http://www.w3.org/2000/svg"/>`));
    expect(svg('')).toBe('image/svg+xml');
    expect(svg('\uFEFF<?xml version="1.0"?>\n<!-- drawn by hand -->\n')).toBe('image/svg+xml');
    expect(svg('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">')).toBe('image/svg+xml');
    expect(svg('<!DOCTYPE svg [<!ENTITY x "y">]>')).toBe('image/svg+xml');
    expect(svg('<html>')).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svgfoo/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('just some text'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<!-- unterminated <svg/>'))).toBeUndefined();
  });

  it('stays fast on a prologue crafted to make a pattern backtrack', () => {
    const crafted = Buffer.from(`${'<!---->'.repeat(5000)}${' '.repeat(20_000)}<x`);
    const started = performance.now();
    expect(sniffImageType(crafted)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
