import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtures, imageFixture, PNG, PNG_SHA, richFixtures } from '../testing/fixtures';
import { parseQtiPackage } from './parse';
import { serializeQtiPackage } from './serialize';

const media = [{ sha256: PNG_SHA, contentType: 'image/png', bytes: PNG }];

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m">
  <resources>
    <resource identifier="i1" type="imsqti_item_xmlv3p0" href="items/choice.xml">
      <metadata><lom xmlns="http://ltsc.ieee.org/xsd/LOM"><general><keyword><string>birds</string></keyword></general></lom></metadata>
      <file href="items/choice.xml"/>
    </resource>
    <resource identifier="i2" type="imsqti_item_xmlv3p0" href="items/numeric.xml"><file href="items/numeric.xml"/></resource>
    <resource identifier="i3" type="imsqti_item_xmlv3p0" href="items/essay.xml"><file href="items/essay.xml"/></resource>
    <resource identifier="i4" type="imsqti_item_xmlv3p0" href="items/missing.xml"/>
  </resources>
</manifest>`;

const item = (
  body: string,
  declarations: string,
  processing = '',
) => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="x" title="x" adaptive="false" time-dependent="false">
${declarations}
<qti-item-body>${body}</qti-item-body>${processing}
</qti-assessment-item>`;

function foreignPackage(): Uint8Array {
  return zipSync({
    'imsmanifest.xml': strToU8(MANIFEST),
    'items/choice.xml': strToU8(
      item(
        `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
           <qti-prompt><p>Which bird <em>cannot</em> fly?</p><img src="../images/bird.png" alt="a bird"/></qti-prompt>
           <qti-simple-choice identifier="ChoiceA">Penguin</qti-simple-choice>
           <qti-simple-choice identifier="ChoiceB">Sparrow</qti-simple-choice>
         </qti-choice-interaction>`,
        `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
           <qti-correct-response><qti-value>ChoiceA</qti-value></qti-correct-response></qti-response-declaration>`,
      ),
    ),
    'images/bird.png': PNG,
    'items/numeric.xml': strToU8(
      item(
        `<p>Speed of light in km/s? <qti-text-entry-interaction response-identifier="R"/></p>`,
        `<qti-response-declaration identifier="R" cardinality="single" base-type="float">
           <qti-correct-response><qti-value>300000</qti-value></qti-correct-response></qti-response-declaration>`,
        `<qti-response-processing><qti-response-condition><qti-response-if>
           <qti-equal tolerance-mode="absolute" tolerance="500 500"><qti-variable identifier="R"/><qti-correct identifier="R"/></qti-equal>
         </qti-response-if></qti-response-condition></qti-response-processing>`,
      ),
    ),
    'items/essay.xml': strToU8(
      item(
        `<p>Describe the water cycle.</p>
         <qti-rubric-block view="candidate" use="instructions"><qti-content-body><p>About 200 words.</p></qti-content-body></qti-rubric-block>
         <qti-extended-text-interaction response-identifier="R"/>
         <qti-rubric-block view="scorer tutor" use="scoring"><qti-content-body><p>Names <strong>evaporation</strong>.</p></qti-content-body></qti-rubric-block>`,
        `<qti-response-declaration identifier="R" cardinality="single" base-type="string">
           <qti-correct-response><qti-value>Water evaporates, condenses and falls.</qti-value></qti-correct-response></qti-response-declaration>`,
      ),
    ),
  });
}

describe('QTI 3.0', () => {
  it('round-trips every type, with its image', () => {
    const all = [...fixtures, ...richFixtures, imageFixture];
    const out = serializeQtiPackage(all, media);
    const back = parseQtiPackage(out.body);
    expect(back.errors).toEqual([]);
    expect(back.warnings).toEqual([]);
    expect(out.warnings).toEqual([]);
    expect(back.items.map((i) => i.content)).toEqual(all);
    expect(back.media).toEqual([
      { path: `media/${PNG_SHA}.png`, bytes: PNG, contentType: 'image/png' },
    ]);
  });

  it('reads packages from other tools', () => {
    const result = parseQtiPackage(foreignPackage());
    expect(result.total).toBe(4);
    expect(result.items.map((i) => i.content)).toMatchObject([
      {
        type: 'single_choice',
        stem: `Which bird *cannot* fly?\n\n![a bird](media:${PNG_SHA})`,
        tags: ['birds'],
        topic: 'General',
        options: [
          { id: 'ChoiceA', text: 'Penguin', correct: true },
          { id: 'ChoiceB', text: 'Sparrow', correct: false },
        ],
        media: [PNG_SHA],
      },
      { type: 'numeric', stem: 'Speed of light in km/s?', value: 300000, tolerance: 500 },
      {
        type: 'essay',
        stem: 'Describe the water cycle.',
        rubric: 'Names **evaporation**.',
        modelAnswer: 'Water evaporates, condenses and falls.',
      },
    ]);
    expect(result.media).toEqual([
      { path: 'images/bird.png', bytes: PNG, contentType: 'image/png' },
    ]);
    expect(result.warnings).toContainEqual({
      item: 3,
      message: 'Question 3 (items/essay.xml): rubric blocks for the candidate are not kept',
    });
    expect(result.errors).toEqual([
      {
        item: 4,
        message: 'Question 4 (items/missing.xml): the item file is missing from the package',
      },
    ]);
  });

  it('warns when an image was not supplied for packing', () => {
    const out = serializeQtiPackage([imageFixture]);
    expect(out.warnings.map((w) => w.message)).toEqual([
      `Question 1: the file media:${PNG_SHA} was not supplied and is not packed`,
    ]);
  });

  it('refuses a package without a manifest, or that is not a zip', () => {
    expect(parseQtiPackage(zipSync({ 'a.xml': strToU8('<a/>') })).errors[0]?.message).toMatch(
      /no imsmanifest.xml/,
    );
    expect(parseQtiPackage(strToU8('not a zip')).errors[0]?.message).toBe(
      'The file is not a valid zip package',
    );
  });

  it.each(['../evil.txt', '/etc/passwd', 'a\\b', 'media/../../x.png', 'C:/win.ini'])(
    'refuses the unsafe entry %s',
    (name) => {
      const zip = zipSync({ 'imsmanifest.xml': strToU8(MANIFEST), [name]: strToU8('x') });
      const result = parseQtiPackage(zip);
      expect(result.items).toEqual([]);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]?.message).toMatch(
        new RegExp(`^The package entry ".*" (contains|is an absolute path)`),
      );
    },
  );

  it('refuses an entry compressed more than 100:1 before inflating it', () => {
    const bomb = zipSync(
      { 'imsmanifest.xml': strToU8(MANIFEST), 'zeros.bin': new Uint8Array(4 * 1024 * 1024) },
      { level: 9 },
    );
    const result = parseQtiPackage(bomb);
    expect(result.errors).toEqual([
      {
        message:
          'The package entry "zeros.bin" is compressed more than 100:1; refused as a possible zip bomb',
      },
    ]);
  });

  it('refuses a package whose declared size exceeds 100 MB, reading only the central directory', () => {
    const zip = zipSync({ 'a.bin': new Uint8Array(16), 'b.bin': new Uint8Array(16) }, { level: 0 });
    // Claim 60 MB inside 1 MB for each entry: under the ratio limit, over the total. Inflating these
    // entries would fail, so refusal proves the check ran on the directory alone.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = 0; at + 4 <= zip.length; at += 1) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      view.setUint32(at + 20, 1024 * 1024, true);
      view.setUint32(at + 24, 60 * 1024 * 1024, true);
    }
    const result = parseQtiPackage(zip);
    expect(result.errors).toEqual([
      { message: 'The package would unpack to 120 MB, over the 100 MB limit; refused' },
    ]);
  });
});
