import { describe, expect, it } from 'vitest';
import { fixtures, imageFixture, richFixtures } from '../testing/fixtures';
import { parseCsv } from './parse';
import { serializeCsv } from './serialize';

const parse = (text: string) => parseCsv(new TextEncoder().encode(text));
const HEADER = 'type,stem,options,correct,explanation,topic,tags,difficulty';

describe('parseCsv', () => {
  it('reads every type as the conventions describe', () => {
    const result = parse(`${HEADER}
single_choice,"What is 2+2, exactly?",3|4|5,2,Basic sums.,Arithmetic,math|easy,1
single_choice,Capital of Italy?,Milan|Rome,Rome,,,,
multiple_response,Primes?,2|3|4,1|2,,,,
true_false,The earth is flat.,,false,,,,
short_text,Symbol of helium?,case-sensitive,He,,,,
numeric,Pi?,,3.14+-0.01,,,,
numeric,Rod length?,cm,-12.5±0.5,,,,
ordering,Smallest first:,1|2|3,,,,,
matching,Match:,Iron=>Fe|Gold=>Au,,,,,
cloze,"Water is {{1}}
and {{2}}.",1:text:H2O/h2o|2:choice:wet/dry:1,,,,,
`);
    expect(result.errors).toEqual([]);
    const [a, b, c, d, e, f, g, h, i, j] = result.items.map((item) => item.content);
    expect(a).toMatchObject({
      stem: 'What is 2+2, exactly?',
      topic: 'Arithmetic',
      tags: ['math', 'easy'],
      difficulty: 1,
      explanation: 'Basic sums.',
    });
    expect(a).toMatchObject({
      options: [{ correct: false }, { correct: true }, { correct: false }],
    });
    expect(b).toMatchObject({
      topic: 'General',
      difficulty: 3,
      options: [{ correct: false }, { correct: true }],
    });
    expect(c).toMatchObject({
      options: [{ correct: true }, { correct: true }, { correct: false }],
    });
    expect(d).toMatchObject({ answer: false });
    expect(e).toMatchObject({ accepted: ['He'], caseSensitive: true, whitespace: 'collapse' });
    expect(f).toMatchObject({ value: 3.14, tolerance: 0.01 });
    expect(g).toMatchObject({ value: -12.5, tolerance: 0.5, unit: 'cm' });
    expect(h).toMatchObject({
      items: [
        { id: 'a', text: '1' },
        { id: 'b', text: '2' },
        { id: 'c', text: '3' },
      ],
    });
    expect(i).toMatchObject({
      pairs: [
        { prompt: 'Iron', answer: 'Fe' },
        { prompt: 'Gold', answer: 'Au' },
      ],
    });
    expect(j).toMatchObject({
      stem: 'Water is {{1}}\nand {{2}}.',
      blanks: [
        { id: '1', kind: 'text', accepted: ['H2O', 'h2o'] },
        { id: '2', kind: 'choice', options: ['wet', 'dry'], correct: 0 },
      ],
    });
    expect(result.items.map((item) => item.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('names item and line of errors, counting lines inside quoted fields', () => {
    const result = parse(`${HEADER}
single_choice,"Two
lines",a|b,1|2,,,,
matching,Pairs?,a=>b|c,,,,,
numeric,Pi?,,about three,,,,
true_false,Short row,true
single_choice,Fine?,a|b,1,,,,,
`);
    expect(result.total).toBe(5);
    expect(result.errors.map((e) => [e.item, e.line, e.message])).toEqual([
      [1, 2, 'Question 1 (line 2): options: exactly one option must be correct'],
      [2, 4, 'Question 2 (line 4): options: "c" is not a prompt=>answer pair'],
      [3, 5, 'Question 3 (line 5): correct: "about three" is not a number or number±tolerance'],
      [4, 6, 'Question 4 (line 6): expected 8 fields, found 3'],
      [5, 7, 'Question 5 (line 7): expected 8 fields, found 9'],
    ]);
  });

  it('names the line of broken quoting and of a missing header', () => {
    expect(
      parse(`${HEADER}\ntrue_false,ok,,true,,,,\ntrue_false,"broken,,true,,,,\n`).errors,
    ).toEqual([{ line: 3, message: 'Line 3: a quoted field is not closed' }]);
    expect(parse(`${HEADER}\ntrue_false,"bad"x,,true,,,,\n`).errors).toEqual([
      {
        line: 2,
        message: 'Line 2: a closing quote must be followed by a comma or the end of the row',
      },
    ]);
    expect(parse('question,answer\nx,y\n').errors[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/header row/),
    });
  });

  it('escapes separators and keeps backslashes in math', () => {
    const q = { ...fixtures[0]!, type: 'single_choice' as const };
    const tricky = {
      ...q,
      options: [
        { id: 'a', text: '$\\alpha | \\beta$ a\\|b', correct: true },
        { id: 'b', text: 'ends with \\', correct: false },
      ],
    };
    const back = parseCsv(serializeCsv([tricky]).body);
    expect(back.items[0]?.content).toEqual(tricky);
  });
});

describe('serializeCsv', () => {
  it('warns about images, points and licence it cannot carry', () => {
    const withPoints = richFixtures.find((q) => q.points !== 1)!;
    const out = serializeCsv([imageFixture, { ...withPoints, attribution: 'Jane Doe' }]);
    expect(out.warnings.map((w) => w.message)).toEqual([
      'Question 1: media files are not included; their media: references work only where the files already exist',
      'Question 2: points (2.5) are not kept',
      'Question 2: licence and attribution are not kept',
    ]);
  });

  it('writes a BOM, the header and CRLF rows', () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      serializeCsv([fixtures[2]!]).body,
    );
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
  });
});
