import { once } from 'node:events';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@questa/contracts/rules';
import { parseQtiPackage } from '../qti/parse';
import { MAX_UNZIPPED_BYTES, readZip } from './zip';

/**
 * A raw deflate stream of `megabytes` MB of zeros, fed to zlib a megabyte at a time so the test
 * never holds them; no flush, so the stream is Huffman-coded blocks throughout, as an attacker's is.
 */
async function zerosStream(megabytes: number): Promise<Uint8Array> {
  const deflate = createDeflateRaw({ level: 1 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = once(deflate, 'end');
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i += 1) deflate.write(megabyte);
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** A one-entry zip whose headers claim `declaredSize` for `deflated`, whatever it inflates to. */
function zipClaiming(name: string, deflated: Uint8Array, declaredSize: number): Uint8Array {
  const nameBytes = strToU8(name);
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 20, true);
  local.setUint16(8, 8, true);
  local.setUint32(18, deflated.length, true);
  local.setUint32(22, declaredSize, true);
  local.setUint16(26, nameBytes.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 20, true);
  central.setUint16(6, 20, true);
  central.setUint16(10, 8, true);
  central.setUint32(20, deflated.length, true);
  central.setUint32(24, declaredSize, true);
  central.setUint16(28, nameBytes.length, true);
  const centralAt = 30 + nameBytes.length + deflated.length;
  const centralSize = 46 + nameBytes.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, centralAt, true);
  const parts = [
    new Uint8Array(local.buffer),
    nameBytes,
    deflated,
    new Uint8Array(central.buffer),
    nameBytes,
    new Uint8Array(end.buffer),
  ];
  const zip = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}

describe('zip packages', () => {
  // 800 MB of zeros in a few megabytes, declared as 1,000 bytes: the ratio and total checks on
  // the central directory both pass, so only counting what really comes out can stop it. Before
  // the count, inflating it held the thread for over ten seconds.
  let lying: Uint8Array;
  beforeAll(async () => {
    lying = zipClaiming('imsmanifest.xml', await zerosStream(800), 1000);
  });

  it('refuses an entry that inflates past its declared size, having inflated a few MB of it', () => {
    expect(lying.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
    const outcome = readZip(lying);
    expect(outcome).toMatchObject({
      ok: false,
      error:
        'The package entry "imsmanifest.xml" unpacks to more than the 1,000 bytes it declares; refused as a possible zip bomb',
    });
    // Stopped within one slice of its claim, far below the 100 MB limit and the 800 MB it holds.
    expect(outcome.inflatedBytes).toBeGreaterThan(1000);
    expect(outcome.inflatedBytes).toBeLessThan(8 * 1024 * 1024);
    expect(outcome.inflatedBytes).toBeLessThan(MAX_UNZIPPED_BYTES);
  });

  it('names the lying entry in a QTI import', () => {
    expect(parseQtiPackage(lying).errors).toEqual([
      {
        message:
          'The package entry "imsmanifest.xml" unpacks to more than the 1,000 bytes it declares; refused as a possible zip bomb',
      },
    ]);
  });

  it('refuses an entry that inflates to less than it declares as damaged', () => {
    const outcome = readZip(zipClaiming('a.xml', deflateRawSync(strToU8('<a/>')), 4096));
    expect(outcome).toMatchObject({
      ok: false,
      error: 'The zip package is damaged or uses an unsupported compression method',
    });
  });

  it('unpacks an honest package, stored and deflated entries alike, counting every byte', () => {
    const text = 'a question '.repeat(10_000);
    const zip = zipSync({
      'stored.txt': [strToU8('kept as is'), { level: 0 }],
      'deflated.txt': [strToU8(text), { level: 9 }],
      'folder/': new Uint8Array(0),
    });
    const outcome = readZip(zip);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect([...outcome.files.keys()].sort()).toEqual(['deflated.txt', 'stored.txt']);
    expect(new TextDecoder().decode(outcome.files.get('deflated.txt'))).toBe(text);
    expect(new TextDecoder().decode(outcome.files.get('stored.txt'))).toBe('kept as is');
    expect(outcome.inflatedBytes).toBe(text.length + 'kept as is'.length);
  });

  it('reads an empty deflated entry', () => {
    const outcome = readZip(zipSync({ 'empty.txt': [new Uint8Array(0), { level: 6 }] }));
    expect(outcome.ok && outcome.files.get('empty.txt')?.length).toBe(0);
  });
});
