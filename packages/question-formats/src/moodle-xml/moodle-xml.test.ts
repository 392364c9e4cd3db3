import { describe, expect, it } from 'vitest';
import { fixtures, imageFixture, PNG, PNG_SHA, richFixtures } from '../testing/fixtures';
import { parseMoodleXml } from './parse';
import { serializeMoodleXml } from './serialize';

const parse = (text: string) => parseMoodleXml(new TextEncoder().encode(text));

const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category">
    <category><text>$course$/top/Science/Chemistry</text></category>
  </question>
  <question type="multichoice">
    <name><text>Q1</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which is a <strong>noble</strong> gas?</p><p>Pick one.<br>Only one.</p><p><img src="@@PLUGINFILE@@/gas.png" alt="gas"></p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Neon &amp; friends.</p>]]></text></generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[<p>Neon</p>]]></text><feedback><text>Yes</text></feedback></answer>
    <answer fraction="0" format="html"><text>Oxygen</text></answer>
    <tags><tag><text>gases</text></tag></tags>
  </question>
  <question type="description">
    <questiontext format="html"><text>Just text</text></questiontext>
  </question>
  <question type="shortanswer">
    <questiontext format="html"><text>Symbol of sodium?</text></questiontext>
    <usecase>1</usecase>
    <answer fraction="100"><text>Na</text></answer>
  </question>
  <question type="numerical">
    <questiontext format="html"><text>Boiling point of water?</text></questiontext>
    <answer fraction="100"><text>100</text><tolerance>0.5</tolerance></answer>
    <units><unit><multiplier>1</multiplier><unit_name>°C</unit_name></unit></units>
  </question>
  <question type="multianswer">
    <questiontext format="html"><text><![CDATA[<p>{1:SHORTANSWER:=Paris~=paris} is the capital of {1:MULTICHOICE:Spain~=France~Italy}.</p>]]></text></questiontext>
  </question>
  <question type="essay">
    <questiontext format="html"><text>Write an essay.</text></questiontext>
  </question>
  <question type="truefalse">
    <questiontext format="html"><text>Gold is a metal.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>`;

describe('parseMoodleXml', () => {
  it('reads Moodle questions, converting HTML and keeping categories as topics', () => {
    const result = parse(MOODLE);
    expect(result.total).toBe(6);
    expect(result.items.map((i) => [i.item, i.line, i.content.type])).toEqual([
      [1, 6, 'single_choice'],
      [2, 19, 'short_text'],
      [3, 24, 'numeric'],
      [4, 29, 'cloze'],
      [6, 35, 'true_false'],
    ]);
    const [choice, short, numeric, cloze] = result.items.map((i) => i.content);
    expect(choice).toMatchObject({
      stem: 'Which is a **noble** gas?\n\nPick one.\nOnly one.\n\ngas',
      explanation: 'Neon & friends.',
      topic: 'Chemistry',
      points: 2,
      tags: ['gases'],
      options: [
        { text: 'Neon', correct: true },
        { text: 'Oxygen', correct: false },
      ],
    });
    expect(short).toMatchObject({ accepted: ['Na'], caseSensitive: true });
    expect(numeric).toMatchObject({ value: 100, tolerance: 0.5, unit: '°C' });
    expect(cloze).toMatchObject({
      stem: '{{1}} is the capital of {{2}}.',
      blanks: [
        { id: '1', kind: 'text', accepted: ['Paris', 'paris'] },
        { id: '2', kind: 'choice', options: ['Spain', 'France', 'Italy'], correct: 1 },
      ],
    });
    expect(result.errors).toEqual([
      {
        item: 5,
        line: 32,
        message: 'Question 5 (line 32): Moodle questions of type "essay" are not supported',
      },
    ]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (line 6): feedback on single answers is not kept',
      'Question 1 (line 6): the image gas.png is not in the file and is dropped',
      'A description is not a question and is skipped',
    ]);
  });

  it('names the line of XML syntax errors', () => {
    const result = parse(
      '<?xml version="1.0"?>\n<quiz>\n  <question type="truefalse">\n    <questiontext><text>x</questiontext>\n</quiz>',
    );
    expect(result.items).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.line).toBe(4);
    expect(result.errors[0]?.message).toMatch(/^Line 4: /);
  });

  it('names item and line of schema errors', () => {
    const result = parse(`<quiz>
<question type="multichoice"><questiontext><text>Pick</text></questiontext><single>true</single>
<answer fraction="0"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question>
</quiz>`);
    expect(result.errors).toEqual([
      {
        item: 1,
        line: 2,
        message: 'Question 1 (line 2): options: exactly one option must be correct',
      },
    ]);
  });

  const trueFalse = (html: string) =>
    parse(
      `<quiz><question type="truefalse"><questiontext><text><![CDATA[${html}]]></text></questiontext><answer fraction="100"><text>true</text></answer></question></quiz>`,
    );

  it('converts HTML lists', () => {
    const result = trueFalse('<ol><li>one</li><li>two<ul><li>nested</li></ul></li></ol>');
    expect(result.items[0]?.content.stem).toBe('1. one\n\n2. two\n\n  - nested');
  });

  it('reads hostile HTML in linear time', () => {
    const result = trueFalse('<a b="'.repeat(200_000));
    expect(result.errors.map((e) => e.message)).toEqual([
      'Question 1 (line 1): stem: Too big: expected string to have <=10000 characters',
    ]);
  });

  it('refuses a document that is not Moodle XML', () => {
    expect(parse('<html></html>').errors[0]?.message).toMatch(/root must be <quiz>/);
  });
});

describe('serializeMoodleXml', () => {
  it('carries everything, packing images as base64 files', () => {
    const out = serializeMoodleXml(
      [...fixtures, ...richFixtures, imageFixture],
      [{ sha256: PNG_SHA, contentType: 'image/png', bytes: PNG }],
    );
    expect(out.warnings).toEqual([]);
    const back = parseMoodleXml(out.body);
    expect(back.items.at(-1)?.content).toEqual(imageFixture);
    expect(back.media).toEqual([{ path: `${PNG_SHA}.png`, bytes: PNG, contentType: 'image/png' }]);
  });

  it('warns when an image file was not supplied', () => {
    const out = serializeMoodleXml([imageFixture]);
    expect(out.warnings.map((w) => w.message)).toEqual([
      'Question 1: image files are not included; their media: references work only where the images already exist',
    ]);
  });
});
