import { questionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { serializeCsv } from '../csv/serialize';
import { serializeGift } from '../gift/serialize';
import { parseMoodleXml } from './parse';
import { serializeMoodleXml } from './serialize';

const parse = (text: string) => parseMoodleXml(new TextEncoder().encode(text));
const messages = (issues: { message: string }[]) => issues.map((issue) => issue.message);

/** As Moodle 4 writes a calculated question: private datasets with stored items, one unit. */
const MOODLE_CALCULATED = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="calculated">
    <name><text>Rectangle area</text></name>
    <questiontext format="html"><text><![CDATA[<p>A rectangle is {a} m long and {b} m wide. What is its area?</p>]]></text></questiontext>
    <generalfeedback format="html"><text>Length times width.</text></generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <synchronize>0</synchronize>
    <single>0</single>
    <answernumbering>abc</answernumbering>
    <shuffleanswers>0</shuffleanswers>
    <answer fraction="100">
      <text>{a} * {b}</text>
      <tolerance>0.01</tolerance>
      <tolerancetype>1</tolerancetype>
      <correctanswerformat>1</correctanswerformat>
      <correctanswerlength>2</correctanswerlength>
      <feedback format="html"><text></text></feedback>
    </answer>
    <unitgradingtype>0</unitgradingtype>
    <unitpenalty>0.1000000</unitpenalty>
    <showunits>3</showunits>
    <unitsleft>0</unitsleft>
    <units>
      <unit><multiplier>1</multiplier><unit_name>m²</unit_name></unit>
    </units>
    <dataset_definitions>
      <dataset_definition>
        <status><text>private</text></status>
        <name><text>a</text></name>
        <type>calculated</type>
        <distribution><text>uniform</text></distribution>
        <minimum><text>1.0</text></minimum>
        <maximum><text>10.0</text></maximum>
        <decimals><text>1</text></decimals>
        <itemcount>2</itemcount>
        <dataset_items>
          <dataset_item><number>1</number><value>3.4</value></dataset_item>
          <dataset_item><number>2</number><value>7.1</value></dataset_item>
        </dataset_items>
        <number_of_items>2</number_of_items>
      </dataset_definition>
      <dataset_definition>
        <status><text>shared</text></status>
        <name><text>b</text></name>
        <type>calculated</type>
        <distribution><text>uniform</text></distribution>
        <minimum><text>2</text></minimum>
        <maximum><text>5</text></maximum>
        <decimals><text>0</text></decimals>
        <itemcount>0</itemcount>
        <dataset_items></dataset_items>
        <number_of_items>0</number_of_items>
      </dataset_definition>
    </dataset_definitions>
  </question>
  <question type="calculatedsimple">
    <name><text>Circle</text></name>
    <questiontext format="html"><text>Circumference of a circle of radius {r}?</text></questiontext>
    <answer fraction="100">
      <text>2 * pi() * {r}</text>
      <tolerance>0.05</tolerance>
      <tolerancetype>2</tolerancetype>
      <correctanswerformat>1</correctanswerformat>
      <correctanswerlength>1</correctanswerlength>
    </answer>
    <dataset_definitions>
      <dataset_definition>
        <status><text>private</text></status>
        <name><text>r</text></name>
        <type>calculated</type>
        <distribution><text>uniform</text></distribution>
        <minimum><text>1</text></minimum>
        <maximum><text>9</text></maximum>
        <decimals><text>0</text></decimals>
      </dataset_definition>
    </dataset_definitions>
  </question>
  <question type="calculated">
    <name><text>Inline</text></name>
    <questiontext format="html"><text>{a} doubled is {={a}*2}; and tripled?</text></questiontext>
    <answer fraction="100"><text>{a} * 3</text><tolerance>0</tolerance></answer>
  </question>
  <question type="calculated">
    <name><text>Broken</text></name>
    <questiontext format="html"><text>{a}?</text></questiontext>
    <answer fraction="100"><text>{a} +* 3</text><tolerance>0</tolerance></answer>
  </question>
</quiz>`;

describe('Moodle XML calculated questions', () => {
  const result = parse(MOODLE_CALCULATED);

  it('imports calculated and calculatedsimple with their ranges, formula and tolerance', () => {
    expect(result.total).toBe(4);
    expect(result.items.map((item) => item.content)).toMatchObject([
      {
        type: 'calculated',
        stem: 'A rectangle is {a} m long and {b} m wide. What is its area?',
        variables: [
          { name: 'a', min: 1, max: 10, decimals: 1 },
          { name: 'b', min: 2, max: 5, decimals: 0 },
        ],
        formula: 'a * b',
        tolerance: 0.01,
        toleranceType: 'relative',
        answerDecimals: 2,
        unit: 'm²',
        points: 2,
        explanation: 'Length times width.',
      },
      {
        type: 'calculated',
        variables: [{ name: 'r', min: 1, max: 9, decimals: 0 }],
        formula: '2 * pi() * r',
        tolerance: 0.05,
        toleranceType: 'absolute',
        answerDecimals: 1,
      },
    ]);
  });

  it('names what it drops, and skips what it cannot carry', () => {
    expect(messages(result.warnings)).toEqual([
      "Question 1 (line 3): the shared datasets {b} become this question's own",
      "Question 1 (line 3): Moodle's stored dataset values are not kept: values are drawn anew from each range",
      'Question 3 (line 81): "Inline" (calculated) is skipped: its text holds {=…} formulas, which Questa does not calculate in the text',
    ]);
    expect(messages(result.errors)).toEqual([
      'Question 4 (line 86): "Broken" (calculated): the formula "{a} +* 3" cannot be read: unexpected “*”',
    ]);
  });

  it('writes calculated questions Moodle reads back, with datasets and pow()', () => {
    const content = questionContent.parse({
      type: 'calculated',
      topic: 'Geometry',
      difficulty: 2,
      stem: 'A square has sides of {s} cm. Its area?',
      variables: [{ name: 's', min: 2, max: 20, decimals: 0, step: 2 }],
      formula: 's ^ 2',
      tolerance: 0.1,
      toleranceType: 'absolute',
      answerDecimals: 0,
      unit: 'cm²',
    });
    const written = serializeMoodleXml([content]);
    const xml = new TextDecoder().decode(written.body);
    expect(xml).toContain('<question type="calculated">');
    expect(xml).toContain('<text>pow({s}, 2)</text>');
    expect(xml).toContain('<tolerancetype>2</tolerancetype>');
    expect(xml).toMatch(/<dataset_item><number>10<\/number><value>\d+<\/value><\/dataset_item>/);
    expect(messages(written.warnings)).toEqual([
      'Question 1: the step 2 of {s} is not kept: Moodle draws any value with 0 decimals',
    ]);
    const back = parseMoodleXml(written.body);
    expect(back.errors).toEqual([]);
    expect(back.items[0]?.content).toMatchObject({
      type: 'calculated',
      stem: content.stem,
      variables: [{ name: 's', min: 2, max: 20, decimals: 0 }],
      formula: 'pow(s, 2)',
      tolerance: 0.1,
      toleranceType: 'absolute',
      answerDecimals: 0,
      unit: 'cm²',
    });
  });

  it('is left out of GIFT and CSV exports with a warning naming it', () => {
    const content = result.items[0]!.content;
    for (const [format, written] of [
      ['GIFT', serializeGift([content])],
      ['CSV', serializeCsv([content])],
    ] as const) {
      expect(messages(written.warnings)).toContain(
        `Question 1: the calculated question "A rectangle is {a} m long and {b} m wide. What is its area?" is skipped: ${format} cannot carry variables and a formula`,
      );
    }
    expect(new TextDecoder().decode(serializeCsv([content]).body)).not.toContain('rectangle');
  });
});
