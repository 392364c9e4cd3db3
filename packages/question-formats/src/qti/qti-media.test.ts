import { createHash } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { questionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { parseQtiPackage } from './parse';
import { serializeQtiPackage } from './serialize';

// Tiny stand-ins: the question database judges the bytes; the format only carries them.
const MP3 = Uint8Array.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]);
const MP4 = Uint8Array.from([
  0, 0, 0, 16, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0,
]);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m">
  <resources>
    <resource identifier="i1" type="imsqti_item_xmlv3p0" href="items/listen.xml"><file href="items/listen.xml"/></resource>
  </resources>
</manifest>`;

const item = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="x" title="x" adaptive="false" time-dependent="false">
<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
  <qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>
<qti-item-body>${body}<qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
  <qti-simple-choice identifier="A">French</qti-simple-choice>
  <qti-simple-choice identifier="B">German</qti-simple-choice>
</qti-choice-interaction></qti-item-body>
</qti-assessment-item>`;

describe('QTI audio and video', () => {
  it('keeps <audio>, <video> and <object> files of the package as media', () => {
    const result = parseQtiPackage(
      zipSync({
        'imsmanifest.xml': strToU8(manifest),
        'items/listen.xml': strToU8(
          item(
            '<p><audio controls="controls" aria-label="A man says bonjour"><source src="../sounds/bonjour.mp3" type="audio/mpeg"/></audio></p>' +
              '<p><video src="../films/ramp.mp4" title="A ball rolls down a ramp"/></p>' +
              '<p><object data="../sounds/bonjour.mp3" type="audio/mpeg">The same greeting</object></p>' +
              '<p><audio src="https://example.org/far.mp3"/><video src="../films/lost.webm"/></p>',
          ),
        ),
        'sounds/bonjour.mp3': MP3,
        'films/ramp.mp4': MP4,
      }),
    );
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content.stem).toBe(
      `![A man says bonjour](media:${sha(MP3)}#audio)\n\n` +
        `![A ball rolls down a ramp](media:${sha(MP4)}#video)\n\n` +
        `![The same greeting](media:${sha(MP3)}#audio)\n\n` +
        '[audio file](https://example.org/far.mp3)',
    );
    expect(result.media).toEqual([
      { path: 'sounds/bonjour.mp3', bytes: MP3, contentType: 'audio/mpeg' },
      { path: 'films/ramp.mp4', bytes: MP4, contentType: 'video/mp4' },
    ]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (items/listen.xml): the audio file https://example.org/far.mp3 is on another site, which Questa cannot show; it is kept as a link',
      'Question 1 (items/listen.xml): the video ../films/lost.webm is not in the package and is dropped',
    ]);
  });

  it('packs sounds and films and writes them as objects that read back the same', () => {
    const content = questionContent.parse({
      type: 'true_false',
      stem: `Listen: ![A man says bonjour](media:${sha(MP3)}#audio)\n\n![](media:${sha(MP4)}#video)`,
      answer: true,
      topic: 'French',
      difficulty: 2,
      media: [sha(MP3), sha(MP4)],
    });
    const out = serializeQtiPackage(
      [content],
      [
        { sha256: sha(MP3), contentType: 'audio/mpeg', bytes: MP3 },
        { sha256: sha(MP4), contentType: 'video/mp4', bytes: MP4 },
      ],
    );
    expect(out.warnings).toEqual([]);
    const files = unzipSync(out.body);
    expect(files[`media/${sha(MP3)}.mp3`]).toEqual(MP3);
    const xml = new TextDecoder().decode(files['item-1.xml']);
    expect(xml).toContain(
      `<object data="media/${sha(MP3)}.mp3" type="audio/mpeg">A man says bonjour</object>`,
    );
    const back = parseQtiPackage(out.body);
    expect(back.items[0]?.content.stem).toBe(content.stem);
  });
});
