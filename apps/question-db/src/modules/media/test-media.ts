/** Audio and video headers built byte by byte, for tests: each as small as the format allows. */

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** An MPEG-1 Layer III frame header: 128 kbit/s, 44.1 kHz, then silence. */
export function mp3Frame(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
}

/** An ID3v2.3 tag of `tagBytes` bytes (sizes as four 7-bit bytes), then an MPEG frame. */
export function mp3WithId3(tagBytes = 20): Buffer {
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  header[8] = (tagBytes >> 7) & 0x7f;
  header[9] = tagBytes & 0x7f;
  return Buffer.concat([header, Buffer.alloc(tagBytes), mp3Frame()]);
}

/** The first page of an Ogg stream whose first packet is `packet`. */
export function oggPage(packet: Buffer): Buffer {
  const header = Buffer.alloc(27);
  latin1('OggS').copy(header, 0);
  header[4] = 0; // version
  header[5] = 0x02; // beginning of stream
  header[26] = 1; // one segment
  return Buffer.concat([header, Buffer.from([packet.length]), packet]);
}

export const opusHead = Buffer.concat([
  latin1('OpusHead'),
  Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]),
]);
export const vorbisIdentification = Buffer.concat([latin1('\x01vorbis'), Buffer.alloc(23)]);
export const theoraIdentification = Buffer.concat([latin1('\x80theora'), Buffer.alloc(34)]);

/** A WAV file: `samples` 16-bit mono samples at 8 kHz, all silent. */
export function wav(samples = 8): Buffer {
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write('WAVE', 8, 'latin1');
  bytes.write('fmt ', 12, 'latin1');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(8000, 24);
  bytes.writeUInt32LE(16000, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'latin1');
  bytes.writeUInt32LE(samples * 2, 40);
  return bytes;
}

const box = (type: string, data: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + data.length);
  return Buffer.concat([size, latin1(type), data]);
};

/** An MP4 file-type box with `brand` (and `isom` compatible), then an empty movie box. */
export function mp4(brand: string): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.concat([latin1(brand), Buffer.alloc(4), latin1(`${brand}isom`)])),
    box('moov', Buffer.alloc(0)),
  ]);
}

const element = (id: number[], data: Buffer) =>
  Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);

/** An EBML header naming `docType`, then an empty Segment. */
export function ebml(docType: string): Buffer {
  const header = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    element([0x42, 0x82], latin1(docType)), // DocType
    element([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
  ]);
  return Buffer.concat([
    element([0x1a, 0x45, 0xdf, 0xa3], header),
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80]),
  ]);
}
