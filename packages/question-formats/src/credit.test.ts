import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { QuestionContent } from '@questa/contracts';
import { parseQuestions, serializeQuestions } from './index';
import { answerCreditFixtures, creditFixtures, fixtures, hintFixture } from './testing/fixtures';

// Option credits, option feedback and hints in each exchange format, beyond the round trips.

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);
const plainMultiple = fixtures.find((q) => q.type === 'multiple_response') as QuestionContent;
const [creditedSingle, creditedMultiple] = creditFixtures as [QuestionContent, QuestionContent];

describe('GIFT export', () => {
  it("writes a plain multiple response with Questa's default shares, so Moodle scores it alike", () => {
    // Two right options of four: each right one 50 %, each wrong one −50 %.
    const text = decode(serializeQuestions('gift', [plainMultiple]).body);
    expect(text).toContain('~%50%2\n~%50%3\n~%-50%4\n~%-50%9');
  });

  it('writes credits as weights and feedback after #', () => {
    const text = decode(serializeQuestions('gift', [creditedSingle, creditedMultiple]).body);
    expect(text).toContain('=Canberra#Yes\\: chosen as a **compromise**.');
    expect(text).toContain('~%50%Sydney#The largest city, \\#1.');
    expect(text).toContain('~%-25%Auckland\n~Perth');
    expect(text).toContain('~%66.66667%Mercury#The closest.\n~%33.33333%Venus\n~%-50%Mars');
  });

  it('says that hints are not kept', () => {
    expect(messages(serializeQuestions('gift', [hintFixture]).warnings)).toEqual([
      'Question 1: hints are not kept: GIFT has none',
    ]);
  });
});

describe('Moodle XML export', () => {
  it('writes fractions, per-answer feedback and hints', () => {
    const xml = decode(serializeQuestions('moodle_xml', [creditedMultiple, hintFixture]).body);
    expect(xml).toContain('<answer fraction="66.66667" format="markdown">');
    expect(xml).toContain('<answer fraction="-50" format="markdown">');
    expect(xml).toMatch(
      /<feedback format="markdown">\s*<text>The closest\.<\/text>\s*<\/feedback>/,
    );
    expect(xml).toMatch(/<hint format="markdown">\s*<text>Then add \*\*one more\*\* 7\.<\/text>/);
  });
});

describe('QTI export and import', () => {
  it('maps each choice to its credit, scores by map-response and shows chosen feedback inline', () => {
    const out = serializeQuestions('qti', [creditedMultiple]);
    const files = Object.values(unzipSync(out.body)).map(decode).join('\n');
    expect(out.warnings).toEqual([]);
    expect(files).toContain('mapped-value="0.6666667"');
    expect(files).toContain('<qti-map-response identifier="RESPONSE"/>');
    expect(files).toContain(
      '<qti-feedback-inline outcome-identifier="CHOICE_FEEDBACK" identifier="c" show-hide="show">Mars is farther out.</qti-feedback-inline>',
    );
  });

  it('says that hints are not kept', () => {
    expect(messages(serializeQuestions('qti', [hintFixture]).warnings)).toEqual([
      'Question 1: hints are not kept: QTI 3 has no standard element for them',
    ]);
  });

  const item = (mapping: string) =>
    zipSync({
      'imsmanifest.xml': strToU8(
        '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><resources><resource identifier="i1" type="imsqti_item_xmlv3p0" href="item.xml"><file href="item.xml"/></resource></resources></manifest>',
      ),
      'item.xml': strToU8(
        `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="q1" title="Primes" adaptive="false" time-dependent="false">
<qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="identifier">
  <qti-correct-response><qti-value>A</qti-value><qti-value>B</qti-value></qti-correct-response>${mapping}
</qti-response-declaration>
<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
<qti-item-body><qti-choice-interaction response-identifier="RESPONSE" max-choices="0"><qti-prompt>Primes?</qti-prompt>
  <qti-simple-choice identifier="A">2</qti-simple-choice><qti-simple-choice identifier="B">3</qti-simple-choice><qti-simple-choice identifier="C">4</qti-simple-choice>
</qti-choice-interaction></qti-item-body>
<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>
</qti-assessment-item>`,
      ),
    });

  it("reads another tool's mapped values as credits", () => {
    const result = parseQuestions(
      'qti',
      item(
        '<qti-mapping default-value="0"><qti-map-entry map-key="A" mapped-value="0.75"/><qti-map-entry map-key="B" mapped-value="0.25"/><qti-map-entry map-key="C" mapped-value="-1"/></qti-mapping>',
      ),
    );
    expect(result.warnings).toEqual([]);
    const q = result.items[0]?.content;
    expect(q?.type === 'multiple_response' && q.options.map((o) => o.credit)).toEqual([
      0.75, 0.25, -1,
    ]);
  });

  it('keeps the key but not mapped values that do not fit it, and says so', () => {
    const result = parseQuestions(
      'qti',
      item(
        '<qti-mapping default-value="0"><qti-map-entry map-key="A" mapped-value="1"/><qti-map-entry map-key="B" mapped-value="1"/></qti-mapping>',
      ),
    );
    const q = result.items[0]?.content;
    expect(q?.type === 'multiple_response' && q.options.some((o) => 'credit' in o)).toBe(false);
    expect(messages(result.warnings)).toEqual([
      'Question 1 (item.xml): partial credit per choice (qti-mapping) is not kept: it does not fit the correct response as Questa credits must (the correct choices alone earn, and together 100 %)',
    ]);
  });
});

describe('CSV', () => {
  const csv = (rows: string[]) => parseQuestions('csv', new TextEncoder().encode(rows.join('\n')));

  it('writes no credit, feedback or hints columns for questions without them', () => {
    const text = decode(serializeQuestions('csv', fixtures).body);
    expect(text.split('\r\n')[0]).toBe(
      'type,stem,options,correct,explanation,topic,tags,difficulty',
    );
  });

  it('reads credits by option, empty entries for options without one', () => {
    const result = csv([
      'type,stem,options,correct,credit,feedback,hints',
      'single_choice,Capital?,Canberra|Sydney|Perth,1,|50|,Yes||,Think of a compromise',
    ]);
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({
      hints: ['Think of a compromise'],
      options: [
        { text: 'Canberra', correct: true, feedback: 'Yes' },
        { text: 'Sydney', correct: false, credit: 0.5 },
        { text: 'Perth', correct: false },
      ],
    });
  });

  it('names a credit cell that does not fit the options or the key', () => {
    const result = csv([
      'type,stem,options,correct,credit',
      'multiple_response,Primes?,2|3|4,1|2,50|50',
      'multiple_response,Primes?,2|3|4,1|2,50|40|-100',
      'single_choice,Capital?,a|b,1,100|abc',
    ]);
    expect(messages(result.errors)).toEqual([
      'Question 1 (line 2): credit: 2 entries for 3 options; leave an entry empty, not out',
      'Question 2 (line 3): options: the positive credits must add up to 100 %',
      'Question 3 (line 4): credit: "abc" is not a percentage such as 50 or -25',
    ]);
  });
});

describe('accepted answers worth part of the marks', () => {
  const [river, pi] = answerCreditFixtures as [QuestionContent, QuestionContent];
  const moodle = (body: string) =>
    parseQuestions(
      'moodle_xml',
      strToU8(`<quiz><question type="numerical">${body}</question></quiz>`),
    );

  it('reads every Moodle numerical answer worth something, the first fully right one as the key', () => {
    const result = moodle(
      '<questiontext><text>Pi?</text></questiontext>' +
        '<answer fraction="50"><text>3.14</text><tolerance>0.005</tolerance></answer>' +
        '<answer fraction="100"><text>3.1416</text><tolerance>0.00005</tolerance></answer>' +
        '<answer fraction="100"><text>3,14159</text><tolerance>0</tolerance></answer>' +
        '<answer fraction="0"><text>*</text></answer>',
    );
    expect(result.errors).toEqual([]);
    expect(messages(result.warnings)).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({
      value: 3.1416,
      tolerance: 0.00005,
      alternatives: [
        { value: 3.14159, tolerance: 0, credit: 1 },
        { value: 3.14, tolerance: 0.005, credit: 0.5 },
      ],
    });
  });

  it('refuses a Moodle numerical question no answer of which is fully right, as Moodle does', () => {
    const result = moodle(
      '<questiontext><text>Pi?</text></questiontext><answer fraction="50"><text>3</text></answer>',
    );
    expect(messages(result.errors)).toEqual([
      'Question 1 (line 1): This numerical question: no numeric answer is fully correct (fraction 100)',
    ]);
  });

  it('writes the credits as Moodle fractions and GIFT weights', () => {
    const xml = decode(serializeQuestions('moodle_xml', [river, pi]).body);
    expect(xml).toContain('<answer fraction="33.33333" format="plain_text"><text>a river</text>');
    expect(xml).toContain(
      '<answer fraction="50" format="plain_text"><text>3.14</text><tolerance>0.005</tolerance>',
    );
    const gift = decode(serializeQuestions('gift', [river, pi]).body);
    expect(gift).toContain('=Donau\n=%33.33333%a river');
    expect(gift).toContain('#=3.1416:0.00005\n=%50%3.14:0.005\n=%10%3:0');
  });

  it('writes QTI mapped values for texts and scoring branches for numbers', () => {
    const files = Object.values(unzipSync(serializeQuestions('qti', [river, pi]).body))
      .map(decode)
      .join('\n');
    expect(files).toContain('map-key="a river" mapped-value="0.3333333"');
    expect(files).toContain('<qti-product><qti-map-response identifier="RESPONSE"/>');
    expect(files).toContain(
      '<qti-response-else-if><qti-equal tolerance-mode="absolute" tolerance="0.005 0.005"><qti-variable identifier="RESPONSE"/><qti-base-value base-type="float">3.14</qti-base-value></qti-equal><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0.5</qti-base-value>',
    );
  });

  it('reads CSV credits per accepted answer, an empty entry for 100 %', () => {
    const csv = [
      'type,stem,options,correct,credit',
      'short_text,River?,,Danube|river,|50',
      'numeric,Pi?,,3.1416±0.0001|3.14±0.005,|50',
      'numeric,Pi?,,3.14±0.005|3.1416,50|',
    ].join('\n');
    const result = parseQuestions('csv', strToU8(csv));
    expect(result.items.map((i) => i.content)).toMatchObject([
      { accepted: ['Danube', 'river'], credits: [1, 0.5] },
      { value: 3.1416, alternatives: [{ value: 3.14, tolerance: 0.005, credit: 0.5 }] },
    ]);
    expect(messages(result.errors)).toEqual([
      'Question 3 (line 4): credit: the first answer is the one learners are shown, worth 100 %',
    ]);
  });
});
