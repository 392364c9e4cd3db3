import type { ExchangeFormat, QuestionContent } from '@questa/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseQuestions, serializeQuestions } from './index';
import {
  answerCreditFixtures,
  creditFixtures,
  fixtures,
  hintFixture,
  hotspotFixture,
  imageFixture,
  PNG,
  PNG_SHA,
  richFixtures,
} from './testing/fixtures';

const media = [{ sha256: PNG_SHA, contentType: 'image/png', bytes: PNG }];

/** Ids a format regenerates (a, b, c … and 1, 2 … for blanks), so content compares by position. */
function normaliseIds(q: QuestionContent): QuestionContent {
  const letter = (i: number) => String.fromCharCode(97 + i);
  switch (q.type) {
    case 'single_choice':
    case 'multiple_response':
      return { ...q, options: q.options.map((o, i) => ({ ...o, id: letter(i) })) };
    case 'ordering':
      return { ...q, items: q.items.map((item, i) => ({ ...item, id: letter(i) })) };
    case 'matching':
      return { ...q, pairs: q.pairs.map((p, i) => ({ ...p, id: letter(i) })) };
    case 'cloze': {
      let stem = q.stem;
      q.blanks.forEach((b, i) => (stem = stem.replace(`{{${b.id}}}`, `{{#${i + 1}}}`)));
      return {
        ...q,
        stem: stem.replace(/\{\{#(\d+)\}\}/g, '{{$1}}'),
        blanks: q.blanks.map((b, i) => ({ ...b, id: String(i + 1) })),
      };
    }
    default:
      return q;
  }
}

/** What each format carries whole; the rest is covered by the warning tests. */
const carried: Record<ExchangeFormat, QuestionContent[]> = {
  gift: [
    ...fixtures.filter((q) => q.type !== 'ordering'),
    ...creditFixtures,
    ...answerCreditFixtures,
  ],
  moodle_xml: [
    ...fixtures,
    ...richFixtures,
    imageFixture,
    ...creditFixtures,
    ...answerCreditFixtures,
    hintFixture,
  ],
  qti: [
    ...fixtures,
    ...richFixtures,
    imageFixture,
    hotspotFixture,
    ...creditFixtures,
    ...answerCreditFixtures,
  ],
  csv: [
    ...fixtures,
    ...richFixtures.filter((q) => q.points === 1),
    ...creditFixtures,
    ...answerCreditFixtures,
    hintFixture,
  ],
};

describe.each(Object.keys(carried) as ExchangeFormat[])('%s round trip', (format) => {
  it.each(carried[format].map((q) => [q.type, q] as const))('keeps a %s question', (_type, q) => {
    const out = serializeQuestions(format, [q], media);
    expect(out.warnings).toEqual([]);
    const back = parseQuestions(format, out.body);
    expect(back.errors).toEqual([]);
    expect(back.warnings).toEqual([]);
    expect(back.total).toBe(1);
    expect(back.items).toHaveLength(1);
    expect(normaliseIds(back.items[0]?.content as QuestionContent)).toEqual(normaliseIds(q));
  });

  it('keeps a whole set in order', () => {
    const back = parseQuestions(format, serializeQuestions(format, carried[format], media).body);
    expect(back.items.map((i) => i.item)).toEqual(carried[format].map((_, i) => i + 1));
    expect(back.items.map((i) => normaliseIds(i.content))).toEqual(
      carried[format].map(normaliseIds),
    );
  });
});

describe('hotspot questions', () => {
  it.each(['gift', 'moodle_xml', 'csv'] as const)(
    '%s refuses them with a warning naming the type and the question, keeping the rest',
    (format) => {
      const out = serializeQuestions(format, [imageFixture, hotspotFixture], media);
      const name = { gift: 'GIFT', moodle_xml: 'Moodle XML', csv: 'CSV' }[format];
      expect(out.warnings).toContainEqual({
        item: 2,
        message: `Question 2: ${name} has no hotspot questions; skipped`,
      });
      expect(out.warnings.filter((w) => w.item === 2)).toHaveLength(1);
      const back = parseQuestions(format, out.body);
      expect(back.items.map((i) => i.content.type)).toEqual(['single_choice']);
    },
  );

  it('QTI packs the image and writes the regions in pixels', () => {
    const out = serializeQuestions('qti', [hotspotFixture], media);
    const back = parseQuestions('qti', out.body);
    expect(back.media.map((m) => m.path)).toEqual([`media/${PNG_SHA}.png`]);
    const item = strFromU8(unzipSync(out.body)['item-1.xml'] as Uint8Array);
    expect(item).toContain('<img width="640" height="480" src="media/');
    expect(item).toContain('shape="circle" coords="400,264,48" hotspot-label="Left ventricle"');
    expect(item).toContain('shape="rect" coords="160,192,256,336"');
    expect(back.items[0]?.content).toEqual(hotspotFixture);
  });

  it('QTI writes whole pixels, as its schema asks, so a region moves by at most half a pixel', () => {
    if (hotspotFixture.type !== 'hotspot') throw new Error('the fixture is a hotspot question');
    const circle = { ...hotspotFixture, regions: [{ ...hotspotFixture.regions[0]!, x: 0.62 }] };
    const out = serializeQuestions('qti', [circle], media);
    const item = strFromU8(unzipSync(out.body)['item-1.xml'] as Uint8Array);
    // 0.62 of 640 pixels is 396.8.
    expect(item).toContain('shape="circle" coords="397,264,48"');
    const back = parseQuestions('qti', out.body).items[0]?.content;
    const x = back?.type === 'hotspot' && back.regions[0]?.shape === 'circle' && back.regions[0].x;
    expect(Math.abs(Number(x) - 0.62) * 640).toBeLessThanOrEqual(0.5);
  });
});

describe('ids', () => {
  const custom: QuestionContent = {
    ...(fixtures[0] as Extract<QuestionContent, { type: 'single_choice' }>),
  };
  if (custom.type === 'single_choice') {
    custom.options = custom.options.map((o, i) => ({
      ...o,
      id: ['opt-1', '2', 'Q_x'][i] as string,
    }));
  }

  it('QTI keeps option ids', () => {
    const back = parseQuestions('qti', serializeQuestions('qti', [custom]).body);
    expect(back.items[0]?.content).toEqual(custom);
  });

  it('the text formats regenerate option ids as a, b, c', () => {
    for (const format of ['gift', 'moodle_xml', 'csv'] as const) {
      const back = parseQuestions(format, serializeQuestions(format, [custom]).body);
      const content = back.items[0]?.content;
      expect(content?.type === 'single_choice' && content.options.map((o) => o.id)).toEqual([
        'a',
        'b',
        'c',
      ]);
    }
  });
});

describe('essay word limits', () => {
  const essay = fixtures.find((q) => q.type === 'essay');
  const limited = { ...essay!, minWords: 50, maxWords: 300 } as QuestionContent;

  it.each(['moodle_xml', 'qti'] as const)('%s keeps them', (format) => {
    const out = serializeQuestions(format, [limited]);
    expect(out.warnings).toEqual([]);
    expect(parseQuestions(format, out.body).items[0]?.content).toEqual(limited);
  });

  it.each(['gift', 'csv'] as const)('%s says it drops them', (format) => {
    const out = serializeQuestions(format, [limited]);
    expect(out.warnings.map((w) => w.message)).toEqual(['Question 1: word limits are not kept']);
  });
});
