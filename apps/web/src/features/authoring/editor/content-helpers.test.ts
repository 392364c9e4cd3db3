import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { fileNameAlts, moveItem, stableJson, withMedia } from './content-helpers';

const hash = (c: string) => c.repeat(64);

describe('content helpers', () => {
  it('compares JSON whatever the key order', () => {
    expect(stableJson({ a: 1, b: { d: [1, { f: 1, e: 2 }], c: 2 } })).toBe(
      stableJson({ b: { c: 2, d: [1, { e: 2, f: 1 }] }, a: 1 }),
    );
  });

  it('lists the images the texts refer to as media', () => {
    const content = {
      type: 'true_false',
      stem: `A map ![map](media:${hash('a')}) and ![again](media:${hash('a')})`,
      explanation: `See ![b](media:${hash('b')})`,
      topic: 'Maps',
      tags: [],
      difficulty: 1,
      points: 1,
      media: [hash('c')],
      licence: 'CC BY 4.0',
      attribution: '',
      answer: true,
    } satisfies QuestionContent;
    expect(withMedia(content).media).toEqual([hash('a'), hash('b')]);
    const unchanged = { ...content, media: [hash('a'), hash('b')] };
    expect(withMedia(unchanged)).toBe(unchanged);
  });

  it('moves an entry up or down and ignores moves past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('finds images described by a file name, and leaves real and decorative descriptions alone', () => {
    const text = [
      `![IMG_2041.JPG](media:${hash('a')})`,
      `![The Eiffel Tower at night](media:${hash('b')})`,
      `![](media:${hash('c')}) and ![ bridge-at-night.png ](media:${hash('d')})`,
      'A file called notes.png, mentioned in passing.',
    ].join('\n');
    expect(fileNameAlts(text)).toEqual(['IMG_2041.JPG', 'bridge-at-night.png']);
  });
});
