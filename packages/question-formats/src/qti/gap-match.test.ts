import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseQtiPackage } from './parse';
import { serializeQtiPackage } from './serialize';

function pack(pairs: string[], interaction: string) {
  const values = pairs.map((p) => `<qti-value>${p}</qti-value>`).join('');
  return parseQtiPackage(
    zipSync({
      'imsmanifest.xml': strToU8(
        '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><resources><resource identifier="i1" type="imsqti_item_xmlv3p0" href="item.xml"><file href="item.xml"/></resource></resources></manifest>',
      ),
      'item.xml': strToU8(
        `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="q1" title="Gaps" adaptive="false" time-dependent="false">
<qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="directedPair"><qti-correct-response>${values}</qti-correct-response></qti-response-declaration>
<qti-item-body>${interaction}</qti-item-body>
<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/></qti-assessment-item>`,
      ),
    }),
  );
}

const gapMatch = (choices: string, text: string, attrs = '') =>
  `<qti-gap-match-interaction response-identifier="RESPONSE"${attrs}>${choices}<p>${text}</p></qti-gap-match-interaction>`;
const WORDS =
  '<qti-gap-text identifier="C" match-max="0">cat</qti-gap-text><qti-gap-text identifier="D" match-max="0">dog</qti-gap-text>';
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('QTI gap match as a cloze question with choice blanks', () => {
  it('reads each gap as a choice blank of all gap texts, right where the pair says', () => {
    const result = pack(
      ['D G1', 'C G2', 'D G3'],
      gapMatch(
        WORDS,
        'A <qti-gap identifier="G1"/> chases a <qti-gap identifier="G2"/>; so does a <qti-gap identifier="G3"/>.',
      ),
    );
    expect(result.warnings).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({
      type: 'cloze',
      stem: 'A {{G1}} chases a {{G2}}; so does a {{G3}}.',
      blanks: [
        { id: 'G1', kind: 'choice', options: ['cat', 'dog'], correct: 1 },
        { id: 'G2', kind: 'choice', options: ['cat', 'dog'], correct: 0 },
        { id: 'G3', kind: 'choice', options: ['cat', 'dog'], correct: 1 },
      ],
    });
  });

  it('shuffles into one fixed order, keeping fixed choices in place, and reports match-max', () => {
    const result = pack(
      ['C G1', 'D G2'],
      gapMatch(
        '<qti-gap-text identifier="C" match-max="1">cat</qti-gap-text><qti-gap-text identifier="D" match-max="2">dog</qti-gap-text><qti-gap-text identifier="N" match-max="1" fixed="true">none</qti-gap-text>',
        '<qti-gap identifier="G1"/> <qti-gap identifier="G2"/>',
        ' shuffle="true"',
      ),
    );
    expect(result.items[0]?.content).toMatchObject({
      blanks: [
        { options: ['dog', 'cat', 'none'], correct: 1 },
        { options: ['dog', 'cat', 'none'], correct: 0 },
      ],
    });
    expect(messages(result.warnings)).toEqual([
      'Question 1 (item.xml): the choices are shuffled for every attempt in QTI; Questa shows them in one fixed shuffled order',
      'Question 1 (item.xml): choices a learner may place in only one gap (match-max: "cat" 1, "none" 1) can be chosen in every blank',
    ]);
  });

  it('refuses by name image choices and gaps a choice blank cannot express', () => {
    const images = pack(
      ['I G1'],
      gapMatch(
        '<qti-gap-img identifier="I" match-max="1"><img src="cat.png" alt="cat"/></qti-gap-img>',
        '<qti-gap identifier="G1"/>',
      ),
    );
    const empty = pack(
      ['C G1'],
      gapMatch(WORDS, '<qti-gap identifier="G1"/> <qti-gap identifier="G2"/>'),
    );
    const both = pack(['C G1', 'D G1'], gapMatch(WORDS, '<qti-gap identifier="G1"/>'));
    const results = [images, empty, both];
    expect(results.map((r) => r.items)).toEqual([[], [], []]);
    expect(results.flatMap((r) => messages(r.warnings))).toEqual([
      'Question 1 (item.xml): not imported: item "q1" (Gaps) uses the gap match interaction with image choices (qti-gap-img "I"); a Questa choice blank offers text only',
      'Question 1 (item.xml): not imported: item "q1" (Gaps) has a gap (G2) that is right only left empty; a Questa choice blank has one right choice',
      'Question 1 (item.xml): not imported: item "q1" (Gaps) has a gap (G1) that takes 2 choices together ("cat", "dog"); a Questa choice blank takes one',
    ]);
  });

  it('calls a correct response that names no gap or choice of the item an error', () => {
    const result = pack(['C G9'], gapMatch(WORDS, '<qti-gap identifier="G1"/>'));
    expect(result.items).toEqual([]);
    expect(messages(result.errors)).toEqual([
      'Question 1 (item.xml): the correct response "C G9" names no qti-gap-text and qti-gap of the interaction',
    ]);
  });

  it('exports the imported question as inline choices that read back the same', () => {
    const imported = pack(['D G1'], gapMatch(WORDS, 'A <qti-gap identifier="G1"/> barks.')).items[0]
      ?.content;
    if (!imported) throw new Error('the gap match item was not imported');
    const exported = serializeQtiPackage([imported]);
    expect(exported.warnings).toEqual([]);
    expect(parseQtiPackage(exported.body).items[0]?.content).toEqual(imported);
  });
});
