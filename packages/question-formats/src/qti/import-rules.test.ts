import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseQtiPackage } from './parse';

const CHOICE_DECLARATION = `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
  <qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>
<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
<qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>`;

const choices = (
  prompt: string,
) => `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
  <qti-prompt>${prompt}</qti-prompt>
  <qti-simple-choice identifier="A">Yes</qti-simple-choice>
  <qti-simple-choice identifier="B">No</qti-simple-choice>
</qti-choice-interaction>`;

function pack(item: string, manifestResources?: string) {
  const resources =
    manifestResources ??
    '<resource identifier="i1" type="imsqti_item_xmlv3p0" href="item.xml"><file href="item.xml"/></resource>';
  return parseQtiPackage(
    zipSync({
      'imsmanifest.xml': strToU8(
        `<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><resources>${resources}</resources></manifest>`,
      ),
      'item.xml': strToU8(
        `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="q1" title="Roots" adaptive="false" time-dependent="false">${item}</qti-assessment-item>`,
      ),
    }),
  );
}

const MATCH_FEEDBACK = `<qti-response-processing><qti-response-condition>
  <qti-response-if><qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>
    <qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">correct</qti-base-value></qti-set-outcome-value></qti-response-if>
  <qti-response-else><qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">incorrect</qti-base-value></qti-set-outcome-value></qti-response-else>
</qti-response-condition></qti-response-processing>`;

describe('QTI import rules', () => {
  it('keeps only feedback every learner sees as the explanation and reports the rest', () => {
    const result = pack(`${CHOICE_DECLARATION}
<qti-item-body>${choices('<p>Is 4 a square?</p>')}</qti-item-body>
${MATCH_FEEDBACK.replace('</qti-response-condition>', '</qti-response-condition><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>')}
<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="correct" show-hide="show"><qti-content-body><p>Correct!</p></qti-content-body></qti-modal-feedback>
<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="incorrect" show-hide="show"><qti-content-body><p>Not correct.</p></qti-content-body></qti-modal-feedback>
<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="nothing" show-hide="hide"><qti-content-body><p>4 = 2 × 2.</p></qti-content-body></qti-modal-feedback>`);
    expect(result.items[0]?.content).toMatchObject({ explanation: '4 = 2 × 2.' });
    expect(result.warnings.map((w) => w.message)).toEqual([
      "Question 1 (item.xml): 2 feedback texts shown only for some responses (correct, incorrect or per choice) are not kept; Questa's explanation is shown to every learner",
    ]);
  });

  it('converts MathML to TeX and warns about what it cannot convert', () => {
    const result = pack(`${CHOICE_DECLARATION}
<qti-item-body>${choices(`<p>Is <math xmlns="http://www.w3.org/1998/Math/MathML"><msqrt><mn>2</mn></msqrt><mo>&gt;</mo><mn>2</mn></math>?
  Also <m:math xmlns:m="http://www.w3.org/1998/Math/MathML"><m:mfrac><m:mi>a</m:mi><m:msup><m:mi>b</m:mi><m:mn>2</m:mn></m:msup></m:mfrac><m:mo>≤</m:mo><m:mfenced><m:mi>x</m:mi><m:mi>y</m:mi></m:mfenced><m:menclose><m:mn>1</m:mn></m:menclose></m:math></p>`)}</qti-item-body>`);
    expect(result.items[0]?.content.stem).toBe(
      'Is $\\sqrt{2} > 2$? Also $\\frac{a}{{b}^{2}} \\le \\left( x, y \\right) 1$',
    );
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (item.xml): MathML <menclose> could not be converted to TeX; its text is kept',
    ]);
  });

  it('refuses template items whose answer is not a number computed from drawn values', () => {
    const result =
      pack(`<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
  <qti-correct-response><qti-value>X</qti-value></qti-correct-response></qti-response-declaration>
<qti-template-declaration identifier="X" cardinality="single" base-type="identifier"/>
<qti-template-processing><qti-set-template-value identifier="X"><qti-base-value base-type="identifier">A</qti-base-value></qti-set-template-value></qti-template-processing>
<qti-item-body>${choices('<p>Pick</p>')}</qti-item-body>`);
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (item.xml): not imported: item "q1" (Roots) is a template (calculated) item Questa cannot import: the template variable "X" is not a number',
    ]);
  });

  it('refuses adaptive items', () => {
    const result = parseQtiPackage(
      zipSync({
        'imsmanifest.xml': strToU8(
          '<manifest identifier="m"><resources><resource identifier="i1" type="imsqti_item_xmlv3p0" href="item.xml"/></resources></manifest>',
        ),
        'item.xml': strToU8(
          `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="a1" title="Steps" adaptive="true" time-dependent="false">${CHOICE_DECLARATION}<qti-item-body>${choices('<p>Pick</p>')}</qti-item-body></qti-assessment-item>`,
        ),
      }),
    );
    expect(result.items).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (item.xml): not imported: item "a1" (Steps) is adaptive (it changes between attempts), which Questa does not have',
    ]);
  });

  it('keeps the place of a single answer box inside a sentence', () => {
    const result =
      pack(`<qti-response-declaration identifier="R" cardinality="single" base-type="string">
  <qti-correct-response><qti-value>York</qti-value></qti-correct-response></qti-response-declaration>
<qti-item-body><p>Made glorious summer by this sun of <qti-text-entry-interaction response-identifier="R"/>;</p></qti-item-body>`);
    expect(result.items[0]?.content).toMatchObject({
      type: 'short_text',
      stem: 'Made glorious summer by this sun of _____;',
      accepted: ['York'],
    });
  });

  it('keeps an external image as a link and says so', () => {
    const result = pack(`${CHOICE_DECLARATION}
<qti-item-body>${choices('<p>Which?</p><img src="https://example.org/a.png" alt="a chart"/>')}</qti-item-body>`);
    expect(result.items[0]?.content.stem).toBe('Which?\n\n[a chart](https://example.org/a.png)');
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (item.xml): the image https://example.org/a.png is on another site, which Questa cannot show; it is kept as a link',
    ]);
  });

  it('says so when the manifest lists no item', () => {
    const result = pack('', '');
    expect(result.errors.map((e) => e.message)).toEqual([
      'imsmanifest.xml lists no QTI 3.0 item (no resource of type imsqti_item_xmlv3p0), so there is nothing to import',
    ]);
  });
});
