import type { MEDIA_LIMITS } from '@questa/contracts';

export type AudioVideoType =
  | (typeof MEDIA_LIMITS.audio.contentTypes)[number]
  | (typeof MEDIA_LIMITS.video.contentTypes)[number];

/**
 * What the start of a file says: one of the accepted sound or film types; `refused` with the reason
 * when it starts like one of them (or like a near relative Questa does not take) but is broken; or
 * undefined when it looks like none of them.
 */
export type AudioVideoVerdict = { type: AudioVideoType } | { refused: string } | undefined;

const has = (bytes: Buffer, signature: string, at = 0) =>
  bytes.length >= at + signature.length &&
  bytes.toString('latin1', at, at + signature.length) === signature;

/**
 * An MPEG audio frame header: eleven sync bits, then version, layer, bit rate and sample rate
 * fields none of which may hold a reserved value. ADTS (raw AAC) has layer 00 and is not taken.
 */
function mpegFrameHeader(bytes: Buffer, at: number): boolean {
  if (bytes.length < at + 4) return false;
  const [b0, b1, b2, b3] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  const emphasis = b3 & 0b11;
  return (
    version !== 0b01 &&
    layer !== 0b00 &&
    bitrate !== 0b1111 &&
    sampleRate !== 0b11 &&
    emphasis !== 0b10
  );
}

function mp3(bytes: Buffer): AudioVideoVerdict {
  if (has(bytes, 'ID3')) {
    // ID3v2: version 2–4, then a size in four 7-bit bytes; the audio's first frame follows the tag.
    const sizeBytes = [...bytes.subarray(6, 10)];
    if (bytes.length < 10 || bytes[3]! < 2 || bytes[3]! > 4 || sizeBytes.some((b) => b > 0x7f)) {
      return { refused: 'The file starts with an MP3 tag (ID3) but the tag header is broken.' };
    }
    const footer = (bytes[5]! & 0x10) !== 0 ? 10 : 0;
    let at = 10 + footer + sizeBytes.reduce((size, b) => (size << 7) | b, 0);
    // Some encoders pad after the tag with zero bytes that the tag's size does not count.
    while (at < bytes.length && at < 10 + footer + 64 * 1024 && bytes[at] === 0) at += 1;
    return mpegFrameHeader(bytes, at)
      ? { type: 'audio/mpeg' }
      : { refused: 'The file starts with an MP3 tag (ID3) but no MPEG audio frame follows it.' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) {
    return mpegFrameHeader(bytes, 0)
      ? { type: 'audio/mpeg' }
      : { refused: 'The file starts like MPEG audio (MP3) but its frame header is invalid.' };
  }
  return undefined;
}

function ogg(bytes: Buffer): AudioVideoVerdict {
  if (!has(bytes, 'OggS')) return undefined;
  // The first page: version 0, the beginning-of-stream flag, then a segment table before the
  // first packet, which names the codec.
  const segments = bytes[26];
  if (bytes[4] !== 0 || ((bytes[5] ?? 0) & 0x02) === 0 || segments === undefined) {
    return { refused: 'The file starts like Ogg but its first page is broken.' };
  }
  const packet = 27 + segments;
  if (has(bytes, 'OpusHead', packet) || has(bytes, '\x01vorbis', packet))
    return { type: 'audio/ogg' };
  if (has(bytes, '\x80theora', packet)) {
    return { refused: 'Ogg video (Theora) is not accepted; upload MP4 or WebM video.' };
  }
  return { refused: 'The file is Ogg but holds neither Opus nor Vorbis audio.' };
}

function wav(bytes: Buffer): AudioVideoVerdict {
  if (!has(bytes, 'RIFF') || !has(bytes, 'WAVE', 8)) return undefined;
  // Chunks follow the form type; the format chunk, usually first, describes the samples.
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    if (has(bytes, 'fmt ', at)) {
      if (size < 16 || at + 24 > bytes.length) break;
      const format = bytes.readUInt16LE(at + 8);
      const channels = bytes.readUInt16LE(at + 10);
      const rate = bytes.readUInt32LE(at + 12);
      if (format === 0 || channels === 0 || rate === 0) break;
      return { type: 'audio/wav' };
    }
    at += 8 + size + (size % 2);
  }
  return { refused: 'The file starts like WAV but has no valid format chunk.' };
}

const audioBrands = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
const videoBrands = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'F4V ',
  'F4P ',
  'dash',
  'mmp4',
  'MSNV',
  'NDAS',
]);
const imageBrands = new Set([
  'heic',
  'heix',
  'hevc',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

function mp4(bytes: Buffer): AudioVideoVerdict {
  if (!has(bytes, 'ftyp', 4)) return undefined;
  // The file-type box: its size, `ftyp`, a major brand, a version, then compatible brands; a box
  // follows it. The major brand says what the file is meant to be.
  const size = bytes.readUInt32BE(0);
  if (size < 16 || (size - 16) % 4 !== 0 || size + 8 > bytes.length) {
    return { refused: 'The file starts like MP4 but its file-type box is broken or cut short.' };
  }
  const next = bytes.readUInt32BE(size);
  if (
    (next !== 0 && next !== 1 && next < 8) ||
    !/^[\x20-\x7e]{4}$/.test(bytes.toString('latin1', size + 4, size + 8))
  ) {
    return { refused: 'The file starts like MP4 but what follows the file-type box is not a box.' };
  }
  const brand = bytes.toString('latin1', 8, 12);
  if (audioBrands.has(brand)) return { type: 'audio/mp4' };
  if (videoBrands.has(brand)) return { type: 'video/mp4' };
  if (imageBrands.has(brand))
    return { refused: 'HEIF and AVIF images are not accepted; upload PNG, JPEG or WebP.' };
  return {
    refused: `MP4-like files of brand "${brand.trim()}" are not accepted; upload MP4 or WebM video, or M4A audio.`,
  };
}

/** A Matroska variable-length integer: its length, and its value without the length marker. */
function vint(bytes: Buffer, at: number): { length: number; value: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length || length > 8) return undefined;
  let value = first & (0xff >> length);
  for (let index = 1; index < length; index += 1) value = value * 256 + bytes[at + index]!;
  return { length, value };
}

function webm(bytes: Buffer): AudioVideoVerdict {
  if (!has(bytes, '\x1a\x45\xdf\xa3')) return undefined;
  const broken = {
    refused: 'The file starts like WebM (EBML) but its header is broken or cut short.',
  };
  const headerSize = vint(bytes, 4);
  if (!headerSize) return broken;
  const end = 4 + headerSize.length + headerSize.value;
  if (end > bytes.length) return broken;
  // The header's elements: an ID (its marker kept), a size, then the data. DocType is 0x4282.
  let at = 4 + headerSize.length;
  while (at < end) {
    const id = vint(bytes, at);
    const size = id && vint(bytes, at + id.length);
    if (!id || !size) return broken;
    const data = at + id.length + size.length;
    if (data + size.value > end) return broken;
    if (id.length === 2 && bytes.readUInt16BE(at) === 0x4282) {
      const docType = bytes.toString('latin1', data, data + size.value).replace(/\0+$/, '');
      if (docType === 'webm') return { type: 'video/webm' };
      return {
        refused: `EBML files of type "${docType}" are not accepted; upload WebM or MP4 video.`,
      };
    }
    at = data + size.value;
  }
  return { refused: 'The file starts like WebM (EBML) but names no document type.' };
}

/** What sound or film the bytes are, judged by their content alone. */
export function sniffAudioVideo(bytes: Buffer): AudioVideoVerdict {
  for (const sniff of [mp3, ogg, wav, mp4, webm]) {
    const verdict = sniff(bytes);
    if (verdict) return verdict;
  }
  return undefined;
}
