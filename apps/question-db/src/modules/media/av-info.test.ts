import { describe, expect, it } from 'vitest';
import { sniffAudioVideo } from './av-info';
import {
  ebml,
  mp3Frame,
  mp3WithId3,
  mp4,
  oggPage,
  opusHead,
  theoraIdentification,
  vorbisIdentification,
  wav,
} from './test-media';

const refused = (pattern: RegExp) => ({ refused: expect.stringMatching(pattern) as string });

describe('sniffing audio and video by their bytes', () => {
  it('recognises each accepted type from a tiny valid sample', () => {
    expect(sniffAudioVideo(mp3WithId3())).toEqual({ type: 'audio/mpeg' });
    expect(sniffAudioVideo(mp3Frame())).toEqual({ type: 'audio/mpeg' });
    expect(sniffAudioVideo(oggPage(opusHead))).toEqual({ type: 'audio/ogg' });
    expect(sniffAudioVideo(oggPage(vorbisIdentification))).toEqual({ type: 'audio/ogg' });
    expect(sniffAudioVideo(wav())).toEqual({ type: 'audio/wav' });
    expect(sniffAudioVideo(mp4('M4A '))).toEqual({ type: 'audio/mp4' });
    expect(sniffAudioVideo(mp4('isom'))).toEqual({ type: 'video/mp4' });
    expect(sniffAudioVideo(mp4('mp42'))).toEqual({ type: 'video/mp4' });
    expect(sniffAudioVideo(ebml('webm'))).toEqual({ type: 'video/webm' });
  });

  it('skips zero padding after an ID3 tag', () => {
    const padded = Buffer.concat([mp3WithId3(0).subarray(0, 10), Buffer.alloc(7), mp3Frame()]);
    expect(sniffAudioVideo(padded)).toEqual({ type: 'audio/mpeg' });
  });

  it('refuses files that start like one of them but are broken or cut short', () => {
    expect(sniffAudioVideo(mp3WithId3(20).subarray(0, 25))).toEqual(refused(/MP3 tag.*no MPEG/));
    const badTag = mp3WithId3();
    badTag[8] = 0x80;
    expect(sniffAudioVideo(badTag)).toEqual(refused(/tag header is broken/));
    // Reserved layer (00): ADTS AAC, not MPEG audio.
    expect(sniffAudioVideo(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toEqual(
      refused(/frame header is invalid/),
    );
    // Bit rate index 1111 is invalid.
    expect(sniffAudioVideo(Buffer.from([0xff, 0xfb, 0xf0, 0x64]))).toEqual(refused(/frame header/));
    expect(sniffAudioVideo(oggPage(opusHead).subarray(0, 20))).toEqual(refused(/first page/));
    expect(sniffAudioVideo(oggPage(Buffer.from('nonsense')))).toEqual(
      refused(/neither Opus nor Vorbis/),
    );
    expect(sniffAudioVideo(oggPage(theoraIdentification))).toEqual(refused(/Theora/));
    expect(sniffAudioVideo(wav().subarray(0, 20))).toEqual(refused(/WAV/));
    const silentFormat = wav();
    silentFormat.writeUInt16LE(0, 22); // no channels
    expect(sniffAudioVideo(silentFormat)).toEqual(refused(/format chunk/));
    expect(sniffAudioVideo(mp4('isom').subarray(0, 22))).toEqual(refused(/cut short/));
    const notABox = mp4('isom');
    notABox.write('\x00\x01\x02\x03', 28, 'latin1');
    expect(sniffAudioVideo(notABox)).toEqual(refused(/not a box/));
    expect(sniffAudioVideo(mp4('qt  '))).toEqual(refused(/brand "qt"/));
    expect(sniffAudioVideo(mp4('avif'))).toEqual(refused(/AVIF/));
    expect(sniffAudioVideo(ebml('webm').subarray(0, 12))).toEqual(refused(/cut short/));
    expect(sniffAudioVideo(ebml('matroska'))).toEqual(refused(/"matroska"/));
  });

  it('leaves other files alone, for the image sniffer or a refusal', () => {
    expect(sniffAudioVideo(Buffer.from('just some notes'))).toBeUndefined();
    expect(sniffAudioVideo(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined();
    expect(sniffAudioVideo(Buffer.alloc(0))).toBeUndefined();
  });
});
