import type { QuestionContent } from '@questa/contracts';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseQuestions, serializeQuestions } from './index';
import { LEADS_UNTIL, PASSAGE_AGAIN, questionList } from './shared/passages';
import type { ExportPassage } from './types';
import { PNG, PNG_SHA } from './testing/fixtures';

const tf = (stem: string, topic = 'Rivers'): QuestionContent => ({
  type: 'true_false',
  stem,
  answer: true,
  topic,
  difficulty: 2,
  explanation: '',
  tags: [],
  points: 1,
  media: [],
  licence: 'CC BY 4.0',
  attribution: '',
});

const nile: ExportPassage = {
  id: 'nile',
  content: {
    title: 'The Nile: at Aswan {dam}',
    body: 'The dam holds back **Lake Nasser** ($5{,}250\\,\\text{km}^2$).\n\nIt was finished in 1970 = 1969 + 1.',
    media: [],
  },
};
const rhine: ExportPassage = {
  id: 'rhine',
  content: { title: 'The Rhine', body: 'The Rhine rises in the Alps.', media: [] },
};

describe('the note on a description that became a passage', () => {
  it('lists the questions it leads as ranges, leaving out one that could not be imported', () => {
    expect(questionList([2, 3, 4, 7])).toBe('2–4, 7');
    const read = parseQuestions(
      'gift',
      new TextEncoder().encode(
        '::Map:: Read the map.\n\nIs it north? {T}\n\nWhich way? {=N ~S\n\nIs it south? {F}',
      ),
    );
    expect(read.items.map((i) => [i.item, i.passage])).toEqual([
      [1, 0],
      [3, 0],
    ]);
    expect(read.warnings.map((w) => w.message)).toContain(
      `Line 1: The description "Map" is imported as a passage leading questions 1, 3 ${LEADS_UNTIL}`,
    );
  });
});

describe.each(['gift', 'moodle_xml', 'qti'] as const)('passages through %s', (format) => {
  it('come back as the same groups, a question without one ending the group before it', () => {
    const contents = [tf('Loose 1'), tf('Nile 1'), tf('Nile 2'), tf('Loose 2'), tf('Rhine 1')];
    const passages = [null, nile, nile, null, rhine];
    const written = serializeQuestions(format, contents, [], passages);
    expect(written.warnings.filter((w) => w.message.includes('passage'))).toEqual([]);
    const read = parseQuestions(format, written.body);
    expect(read.errors).toEqual([]);
    // GIFT and Moodle XML call a passage a description, which a reader could take for a heading:
    // the report names what became a passage and the questions it leads.
    expect(read.warnings.map((w) => w.message.replace(/^Line \d+: /, ''))).toEqual(
      format === 'qti'
        ? []
        : [
            `The description "${nile.content.title}" is imported as a passage leading questions 2–3 ${LEADS_UNTIL}`,
            `The description "The Rhine" is imported as a passage leading question 5 ${LEADS_UNTIL}`,
          ],
    );
    expect(read.items.map((i) => i.content.stem)).toEqual(contents.map((q) => q.stem));
    expect(read.passages?.map((p) => p.content)).toEqual([nile.content, rhine.content]);
    expect(read.items.map((i) => i.passage)).toEqual([undefined, 0, 0, undefined, 1]);
  });
});

describe.each(['gift', 'moodle_xml'] as const)('passages through %s categories', (format) => {
  it('write a passage again, with a warning, when its group crosses into another topic', () => {
    const contents = [tf('Nile 1', 'Rivers'), tf('Nile 2', 'Dams')];
    const written = serializeQuestions(format, contents, [], [nile, nile]);
    expect(written.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining(PASSAGE_AGAIN),
    ]);
    const read = parseQuestions(format, written.body);
    expect(read.passages?.map((p) => p.content.title)).toEqual([
      nile.content.title,
      nile.content.title,
    ]);
    expect(read.items.map((i) => i.passage)).toEqual([0, 1]);
  });
});

describe('QTI stimuli', () => {
  const item = (id: string, stem: string, stimulus?: string) =>
    `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${id}" title="${id}" adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>
  ${stimulus ? `<qti-assessment-stimulus-ref identifier="S1" href="${stimulus}" title="Shared"/>` : ''}
  <qti-item-body><p>${stem}</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="A">Yes</qti-simple-choice><qti-simple-choice identifier="B">No</qti-simple-choice></qti-choice-interaction></qti-item-body>
</qti-assessment-item>`;
  const manifest = (hrefs: string[]) =>
    `<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1"><resources>${hrefs
      .map((h, i) => `<resource identifier="r${i}" type="imsqti_item_xmlv3p0" href="${h}"/>`)
      .join('')}</resources></manifest>`;
  const encode = (text: string) => new TextEncoder().encode(text);

  it('import a stimulus two items refer to as one passage, with math and a packed image', () => {
    const stimulus = `<qti-assessment-stimulus xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="S1" title="The Nile at Aswan">
  <qti-stimulus-body><p>The dam holds <b>Lake Nasser</b>, <math xmlns="http://www.w3.org/1998/Math/MathML"><msup><mi>x</mi><mn>2</mn></msup></math>.</p><img src="img/dam.png" alt="The dam"/></qti-stimulus-body>
</qti-assessment-stimulus>`;
    const zip = zipSync({
      'imsmanifest.xml': encode(manifest(['items/a.xml', 'items/b.xml', 'items/c.xml'])),
      'items/a.xml': encode(item('a', 'First?', '../stimuli/s1.xml')),
      'items/b.xml': encode(item('b', 'Second?', '../stimuli/s1.xml')),
      'items/c.xml': encode(item('c', 'Alone?')),
      'stimuli/s1.xml': encode(stimulus),
      'stimuli/img/dam.png': PNG,
    });
    const read = parseQuestions('qti', zip);
    expect(read.errors).toEqual([]);
    expect(read.warnings).toEqual([]);
    expect(read.items.map((i) => i.passage)).toEqual([0, 0, undefined]);
    expect(read.passages).toEqual([
      {
        content: {
          title: 'The Nile at Aswan',
          body: `The dam holds **Lake Nasser**, \${x}^{2}$.\n\n![The dam](media:${PNG_SHA})`,
          media: [PNG_SHA],
        },
      },
    ]);
    expect(read.media.map((m) => m.path)).toEqual(['stimuli/img/dam.png']);
  });

  it('import an item whose stimulus is missing without a passage, and say so', () => {
    const zip = zipSync({
      'imsmanifest.xml': encode(manifest(['a.xml'])),
      'a.xml': encode(item('a', 'First?', 'gone.xml')),
    });
    const read = parseQuestions('qti', zip);
    expect(read.items.map((i) => i.passage)).toEqual([undefined]);
    expect(read.warnings.map((w) => w.message)).toEqual([
      'Question 1 (a.xml): its stimulus gone.xml is not in the package, so it has no passage',
    ]);
  });

  it('export one stimulus file per passage, listed in the manifest and referred to by its items', () => {
    const written = serializeQuestions(
      'qti',
      [tf('Nile 1'), tf('Nile 2'), tf('Loose')],
      [],
      [nile, nile, null],
    );
    const files = unzipSync(written.body);
    expect(Object.keys(files).filter((f) => f.startsWith('stimulus'))).toEqual(['stimulus-1.xml']);
    const manifestText = new TextDecoder().decode(files['imsmanifest.xml']);
    expect(manifestText).toContain('type="imsqti_stimulus_xmlv3p0" href="stimulus-1.xml"');
    const refs = ['item-1.xml', 'item-2.xml', 'item-3.xml'].map((name) =>
      new TextDecoder()
        .decode(files[name])
        .includes('<qti-assessment-stimulus-ref identifier="stimulus-1" href="stimulus-1.xml"'),
    );
    expect(refs).toEqual([true, true, false]);
  });
});
