import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { questionContent } from '@questa/contracts';
import { unzipSync } from 'fflate';
import { parseQtiPackage } from './parse';
import { serializeQtiPackage } from './serialize';

function pack(item: string) {
  return parseQtiPackage(
    zipSync({
      'imsmanifest.xml': strToU8(
        '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><resources><resource identifier="i1" type="imsqti_item_xmlv3p0" href="item.xml"><file href="item.xml"/></resource></resources></manifest>',
      ),
      'item.xml': strToU8(
        `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="speed" title="Speed" adaptive="false" time-dependent="false">${item}</qti-assessment-item>`,
      ),
    }),
  );
}

const declarations = `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float"/>
<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
<qti-template-declaration identifier="D" cardinality="single" base-type="integer"/>
<qti-template-declaration identifier="T" cardinality="single" base-type="float"/>
<qti-template-declaration identifier="V" cardinality="single" base-type="float"/>`;

const body = `<qti-item-body><p>A car covers <qti-printed-variable identifier="D"/> km in <qti-printed-variable identifier="T"/> hours. Its average speed?</p>
<p><qti-text-entry-interaction response-identifier="RESPONSE"/> <span class="questa-unit">km/h</span></p></qti-item-body>`;

const processing = (answer: string) => `<qti-template-processing>
  <qti-set-template-value identifier="D"><qti-random-integer min="100" max="500" step="10"/></qti-set-template-value>
  <qti-set-template-value identifier="T"><qti-random-float min="1" max="5"/></qti-set-template-value>
  <qti-set-template-value identifier="V"><qti-divide><qti-variable identifier="D"/><qti-variable identifier="T"/></qti-divide></qti-set-template-value>
  <qti-set-correct-response identifier="RESPONSE">${answer}</qti-set-correct-response>
</qti-template-processing>`;

const scoring = `<qti-response-processing><qti-response-condition><qti-response-if>
  <qti-equal tolerance-mode="relative" tolerance="1 1"><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal>
  <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>
</qti-response-if></qti-response-condition></qti-response-processing>`;

describe('QTI template items', () => {
  it('import as calculated questions: random values, the answer expression as a formula, its rounding as the answer decimals', () => {
    const result = pack(
      `${declarations}${processing(
        `<qti-round-to rounding-mode="decimalPlaces" figures="1"><qti-variable identifier="V"/></qti-round-to>`,
      )}${body}${scoring}`,
    );
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({
      type: 'calculated',
      stem: 'A car covers {D} km in {T} hours. Its average speed?',
      variables: [
        { name: 'D', min: 100, max: 500, decimals: 0, step: 10 },
        { name: 'T', min: 1, max: 5, decimals: 2 },
      ],
      formula: 'D / T',
      tolerance: 0.01,
      toleranceType: 'relative',
      answerDecimals: 1,
      unit: 'km/h',
    });
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (item.xml): "T" is drawn with 2 decimals, which QTI does not say',
    ]);
  });

  it('translates the common math operators and constants', () => {
    const answer = `<qti-sum><qti-product><qti-math-constant name="pi"/><qti-power><qti-variable identifier="D"/><qti-base-value base-type="integer">2</qti-base-value></qti-power></qti-product>
      <qti-math-operator name="log"><qti-variable identifier="T"/></qti-math-operator><qti-integer-divide><qti-variable identifier="D"/><qti-base-value base-type="integer">-3</qti-base-value></qti-integer-divide></qti-sum>`;
    const result = pack(`${declarations}${processing(answer)}${body}`);
    expect(result.items[0]?.content).toMatchObject({
      formula: 'pi() * D^2 + log10(T) + floor(D / -3)',
      tolerance: 0,
      toleranceType: 'absolute',
    });
  });

  it('skips, naming the item and why, what it cannot translate', () => {
    const cases: [string, string][] = [
      [
        `${declarations}${processing('<qti-random><qti-multiple><qti-base-value base-type="float">1</qti-base-value></qti-multiple></qti-random>')}${body}`,
        'the answer is computed with <qti-random>, which Questa cannot translate',
      ],
      [
        `${declarations}${processing('<qti-math-operator name="signum"><qti-variable identifier="D"/></qti-math-operator>')}${body}`,
        'the math operator "signum" has no formula in Questa',
      ],
      [
        `${declarations}${processing('<qti-variable identifier="V"/>').replace('<qti-set-correct-response', '<qti-template-constraint><qti-gt><qti-variable identifier="D"/><qti-base-value base-type="integer">0</qti-base-value></qti-gt></qti-template-constraint><qti-set-correct-response')}${body}`,
        'its template processing uses <qti-template-constraint>, which Questa cannot translate',
      ],
      [
        `${declarations}${processing('<qti-variable identifier="V"/>')}${body.replace('identifier="T"/> hours', 'identifier="V"/> hours')}`,
        'it shows "V", which is not a drawn value',
      ],
      [
        `${declarations}${processing('<qti-variable identifier="V"/>').replace('RESPONSE">', 'OTHER">')}${body}`,
        'its computed answer is not the one number typed into a text entry',
      ],
    ];
    for (const [item, why] of cases) {
      const result = pack(item);
      expect(result.items).toEqual([]);
      expect(result.warnings.map((w) => w.message)).toEqual([
        `Question 1 (item.xml): not imported: item "speed" (Speed) is a template (calculated) item Questa cannot import: ${why}`,
      ]);
    }
  });

  it("reads back Questa's own export of a calculated question", () => {
    const content = questionContent.parse({
      type: 'calculated',
      topic: 'Motion',
      difficulty: 3,
      points: 2,
      explanation: 'Distance over time.',
      stem: 'A train covers **{d} km** in {t} hours. Its average speed?',
      variables: [
        { name: 'd', min: 100, max: 500, decimals: 0, step: 10 },
        { name: 't', min: 1.5, max: 6, decimals: 1 },
      ],
      formula: 'd / t + sqrt(abs(-d)) * 0 - round(pi(), 2) ^ 0 + 1',
      tolerance: 0.02,
      toleranceType: 'relative',
      answerDecimals: 1,
      unit: 'km/h',
    });
    const written = serializeQtiPackage([content]);
    expect(written.warnings).toEqual([]);
    const item = new TextDecoder().decode(unzipSync(written.body)['item-1.xml']);
    expect(item).toContain('<qti-printed-variable identifier="t" format="%.1f"/>');
    expect(item).toContain('<qti-random-integer min="100" max="500" step="10"/>');
    const back = parseQtiPackage(written.body);
    expect(back.errors).toEqual([]);
    expect(back.warnings).toEqual([]);
    expect(back.items[0]?.content).toMatchObject({
      ...content,
      formula: 'd / t + abs(-1 * d)^0.5 * 0 - round(pi(), 2)^0 + 1',
    });
  });

  it('skips a calculated question whose formula QTI cannot express, saying why', () => {
    const content = questionContent.parse({
      type: 'calculated',
      topic: 'Rounding',
      difficulty: 1,
      stem: 'Round {x} to {n} places.',
      variables: [
        { name: 'x', min: 0, max: 1, decimals: 4 },
        { name: 'n', min: 1, max: 3, decimals: 0 },
      ],
      formula: 'round(x, n)',
      tolerance: 0,
    });
    const written = serializeQtiPackage([content]);
    expect(written.warnings.map((w) => w.message)).toEqual([
      'Question 1: the calculated question "Round {x} to {n} places." is skipped: its formula rounds to a computed number of places, or its text prints a value inside math, which QTI cannot express',
    ]);
    expect(Object.keys(unzipSync(written.body))).toEqual(['imsmanifest.xml']);
  });
});
