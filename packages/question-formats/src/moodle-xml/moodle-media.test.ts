import { createHash } from 'node:crypto';
import { questionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { parseMoodleXml } from './parse';
import { serializeMoodleXml } from './serialize';

// Tiny stand-ins: the question database judges the bytes; the format only carries them.
const MP3 = Uint8Array.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]);
const WEBM = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77]);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const quiz = (html: string, files: string) =>
  parseMoodleXml(
    new TextEncoder().encode(
      '<quiz><question type="truefalse"><name><text>Q</text></name>' +
        `<questiontext format="html"><text><![CDATA[${html}]]></text>${files}</questiontext>` +
        '<answer fraction="100"><text>true</text></answer>' +
        '</question></quiz>',
    ),
  );
const file = (name: string, bytes: Uint8Array) =>
  `<file name="${name}" path="/" encoding="base64">${base64(bytes)}</file>`;

describe('Moodle XML audio and video', () => {
  it('keeps embedded sound and film files as media, from links and from players', () => {
    const result = quiz(
      '<p><a href="@@PLUGINFILE@@/bonjour.mp3">A man says bonjour</a></p>' +
        '<video controls title="A ball rolls down a ramp"><source src="@@PLUGINFILE@@/ramp.webm">' +
        '<source src="@@PLUGINFILE@@/ramp.mp4">@@PLUGINFILE@@/ramp.webm</video>' +
        '<audio controls><source src="@@PLUGINFILE@@/again.mp3">again.mp3</audio>',
      file('bonjour.mp3', MP3) + file('ramp.webm', WEBM),
    );
    expect(result.items[0]?.content.stem).toBe(
      `![A man says bonjour](media:${sha(MP3)}#audio)\n\n` +
        `![A ball rolls down a ramp](media:${sha(WEBM)}#video)`,
    );
    expect(result.items[0]?.content.media).toEqual([sha(MP3), sha(WEBM)]);
    expect(result.media).toEqual([
      { path: `${sha(MP3)}.mp3`, bytes: MP3, contentType: 'audio/mpeg' },
      { path: `${sha(WEBM)}.webm`, bytes: WEBM, contentType: 'video/webm' },
    ]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (line 1): the audio file again.mp3 cannot be stored in Questa and is dropped',
    ]);
  });

  it('writes a sound or a film as a link to its packed file, and reads it back the same', () => {
    const content = questionContent.parse({
      type: 'true_false',
      stem:
        `Listen: ![A man says bonjour](media:${sha(MP3)}#audio)\n\n` +
        `![](media:${sha(WEBM)}#video)`,
      answer: true,
      topic: 'French',
      difficulty: 2,
      media: [sha(MP3), sha(WEBM)],
    });
    const out = serializeMoodleXml(
      [content],
      [
        { sha256: sha(MP3), contentType: 'audio/mpeg', bytes: MP3 },
        { sha256: sha(WEBM), contentType: 'video/webm', bytes: WEBM },
      ],
    );
    const xml = new TextDecoder().decode(out.body);
    expect(xml).toContain(`[A man says bonjour](@@PLUGINFILE@@/${sha(MP3)}.mp3)`);
    expect(xml).toContain(`<file name="${sha(WEBM)}.webm" path="/" encoding="base64">`);
    expect(out.warnings).toEqual([]);
    const back = parseMoodleXml(out.body);
    expect(back.items[0]?.content.stem).toBe(content.stem);
    expect(back.media.map((m) => m.contentType)).toEqual(['audio/mpeg', 'video/webm']);
  });
});
