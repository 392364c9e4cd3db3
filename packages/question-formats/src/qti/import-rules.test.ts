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

describe('QTI hotspot import', () => {
  const withImage = (item: string, image = 'map.png') =>
    parseQtiPackage(
      zipSync({
        'imsmanifest.xml': strToU8(
          '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><resources><resource identifier="i1" type="imsqti_item_xmlv3p0" href="item.xml"><file href="item.xml"/></resource></resources></manifest>',
        ),
        'item.xml': strToU8(
          `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="q1" title="Map" adaptive="false" time-dependent="false">${item}</qti-assessment-item>`,
        ),
        [image]: new Uint8Array([1, 2, 3]),
      }),
    );

  it('reads hotspot choices in pixels of the image as fractions of its size', () => {
    const result =
      withImage(`<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
  <qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>
<qti-item-body><qti-hotspot-interaction response-identifier="RESPONSE" max-choices="1">
  <qti-prompt><p>Click the airport with the most flights.</p><p><img src="map.png" alt="Legend" width="20" height="10"/></p></qti-prompt>
  <img src="map.png" width="206" height="280" alt="A map of the United Kingdom"/>
  <qti-hotspot-choice identifier="A" shape="circle" coords="77,115,8" hotspot-label="Heathrow"/>
  <qti-hotspot-choice identifier="B" shape="rect" coords="118,184,128,194"/>
  <qti-hotspot-choice identifier="C" shape="poly" coords="150,100,160,100,155,110,150,100"/>
</qti-hotspot-interaction></qti-item-body>`);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    const content = result.items[0]?.content;
    expect(content).toMatchObject({
      type: 'hotspot',
      stem: expect.stringMatching(
        /^Click the airport with the most flights\.\n\n!\[Legend\]\(media:/,
      ),
      markers: 1,
      image: { alt: 'A map of the United Kingdom', width: 206, height: 280 },
      regions: [
        { id: 'A', shape: 'circle', correct: true, label: 'Heathrow', x: 0.373786, y: 0.410714 },
        { id: 'B', shape: 'rect', correct: false, x: 0.572816, y: 0.657143 },
        { id: 'C', shape: 'polygon', correct: false },
      ],
    });
    if (content?.type !== 'hotspot') return;
    // 8 px of a 206 px wide image; the repeated first corner closes the polygon and is dropped.
    expect(content.regions[0]).toMatchObject({ radius: 0.038835 });
    expect(content.regions[1]).toMatchObject({ width: 0.048543, height: 0.035714 });
    expect(content.regions[2]?.shape === 'polygon' && content.regions[2].points).toHaveLength(3);
    expect(content.media).toEqual([content.image.sha256]);
    expect(result.media.map((m) => m.path)).toEqual(['map.png']);
  });

  it('reads a select-point area mapping: regions worth points are the correct ones', () => {
    const result =
      withImage(`<qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="point">
  <qti-area-mapping default-value="0">
    <qti-area-map-entry shape="rect" coords="0,0,100,50" mapped-value="1"/>
    <qti-area-map-entry shape="circle" coords="150,75,20" mapped-value="1"/>
    <qti-area-map-entry shape="rect" coords="100,50,200,100" mapped-value="-1"/>
  </qti-area-mapping></qti-response-declaration>
<qti-item-body><p>Mark both lakes.</p><qti-select-point-interaction response-identifier="RESPONSE" max-choices="2">
  <object type="image/png" data="map.png" width="200" height="100">Lakes of the region</object>
</qti-select-point-interaction></qti-item-body>`);
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({
      type: 'hotspot',
      stem: 'Mark both lakes.',
      markers: 2,
      image: { alt: 'Lakes of the region', width: 200, height: 100 },
      regions: [
        { id: 'a', shape: 'rect', x: 0, y: 0, width: 0.5, height: 0.5, correct: true },
        { id: 'b', shape: 'circle', x: 0.75, y: 0.75, radius: 0.1, correct: true },
        { id: 'c', shape: 'rect', x: 0.5, y: 0.5, width: 0.5, height: 0.5, correct: false },
      ],
    });
  });

  it('refuses a hotspot image without a size, and an ellipse, naming the problem', () => {
    const noSize =
      withImage(`<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"/>
<qti-item-body><qti-hotspot-interaction response-identifier="RESPONSE" max-choices="1">
  <img src="map.png" alt="Map"/><qti-hotspot-choice identifier="A" shape="circle" coords="1,1,1"/>
</qti-hotspot-interaction></qti-item-body>`);
    expect(noSize.errors.map((e) => e.message)).toEqual([
      'Question 1 (item.xml): the image has no width and height in pixels, which its regions are measured in',
    ]);
    const ellipse =
      withImage(`<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
  <qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>
<qti-item-body><qti-hotspot-interaction response-identifier="RESPONSE" max-choices="1">
  <img src="map.png" alt="Map" width="10" height="10"/><qti-hotspot-choice identifier="A" shape="ellipse" coords="5,5,2,3"/>
</qti-hotspot-interaction></qti-item-body>`);
    expect(ellipse.errors.map((e) => e.message)).toEqual([
      'Question 1 (item.xml): hotspot A: the ellipse shape is not one Questa has (rectangle, circle, polygon)',
    ]);
  });
});
