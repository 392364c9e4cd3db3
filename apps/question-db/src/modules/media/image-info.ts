import type { MediaInfo } from '@questa/contracts';

export type ImageType = MediaInfo['contentType'];

export interface Dimensions {
  width: number | null;
  height: number | null;
}

const startsWith = (bytes: Buffer, signature: number[] | string, at = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : signature;
  if (bytes.length < at + expected.length) return false;
  for (let index = 0; index < expected.length; index += 1) {
    if (bytes[at + index] !== expected[index]) return false;
  }
  return true;
};

/**
 * Whether the text opens an SVG document: comments, processing instructions (the XML declaration
 * among them), a DOCTYPE and white space, then the root element. A scan rather than a regular
 * expression, which on crafted input could backtrack for a very long time.
 */
function opensSvg(text: string): boolean {
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  const skipPast = (terminator: string, from: number) => {
    const end = from < 0 ? -1 : text.indexOf(terminator, from);
    return end < 0 ? -1 : end + terminator.length;
  };
  while (at >= 0 && at < text.length) {
    if (/\s/.test(text[at]!)) at += 1;
    else if (text.startsWith('<?', at)) at = skipPast('?>', at + 2);
    else if (text.startsWith('<!--', at)) at = skipPast('-->', at + 4);
    else if (text.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') {
      const close = text.indexOf('>', at);
      const subset = text.indexOf('[', at);
      at = subset >= 0 && subset < close ? skipPast('>', skipPast(']', subset)) : skipPast('>', at);
    } else return /^<svg[\s/>]/.test(text.slice(at, at + 5));
  }
  return false;
}

/**
 * What the bytes are, judged by their content alone: a declared Content-Type or a file name says
 * nothing about what a browser will make of the bytes.
 */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'image/gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'image/webp';
  // Only the start is decoded: enough to see a prologue and the root element.
  if (opensSvg(bytes.subarray(0, 64 * 1024).toString('utf8'))) return 'image/svg+xml';
  return undefined;
}

// PNG's own limit, and what the media table's integer columns hold.
const maxSide = 2 ** 31 - 1;

/** The size, or undefined when a side is zero or beyond any real image: a broken header. */
function size(width: number, height: number): Dimensions | undefined {
  const valid = (side: number) => Number.isInteger(side) && side > 0 && side <= maxSide;
  return valid(width) && valid(height) ? { width, height } : undefined;
}

function png(bytes: Buffer): Dimensions | undefined {
  // The first chunk is always IHDR: width and height as 32-bit big-endian numbers.
  if (!startsWith(bytes, 'IHDR', 12) || bytes.length < 24) return undefined;
  return size(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC (arithmetic coding
// conditioning) share the range but do not.
const startOfFrame = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpeg(bytes: Buffer): Dimensions | undefined {
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: start of image, temporary, and restart markers.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // image ended or data began first
    if (startOfFrame.has(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return size(bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

function gif(bytes: Buffer): Dimensions | undefined {
  if (bytes.length < 10) return undefined;
  return size(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
}

function webp(bytes: Buffer): Dimensions | undefined {
  if (startsWith(bytes, 'VP8 ', 12) && bytes.length >= 30) {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return undefined;
    return size(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (startsWith(bytes, 'VP8L', 12) && bytes.length >= 25) {
    // Lossless: a signature byte, then width − 1 and height − 1 in 14 bits each.
    if (bytes[20] !== 0x2f) return undefined;
    const bits = bytes.readUInt32LE(21);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (startsWith(bytes, 'VP8X', 12) && bytes.length >= 30) {
    // Extended: canvas width − 1 and height − 1 in 24 bits each.
    return size(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return undefined;
}

/** Width and height from a raster image's header; undefined when it is incomplete or broken. */
export function rasterDimensions(
  type: Exclude<ImageType, 'image/svg+xml'>,
  bytes: Buffer,
): Dimensions | undefined {
  switch (type) {
    case 'image/png':
      return png(bytes);
    case 'image/jpeg':
      return jpeg(bytes);
    case 'image/gif':
      return gif(bytes);
    case 'image/webp':
      return webp(bytes);
  }
}
