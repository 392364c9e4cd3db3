import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMoodleXml } from './parse';
import { matchesSubset, sourcesIn } from '../testing/corpus-figures';
import { corpusFolder } from '../testing/shared-data';

/**
 * Real Moodle XML files (see shared/question-corpus/moodle-xml/SOURCES.md beside the repository), each with what Moodle itself reads from
 * it, checked by hand against Moodle's importer (question/format/xml/format.php) and, where Moodle's
 * own tests import the same XML, against their assertions. Every question Questa keeps is compared
 * in full on what decides grading; every question it skips must say so in a warning that names it.
 */
const CORPUS = corpusFolder('moodle-xml');

interface Expected {
  /** Questions Moodle 4.x imports from the file (with the file's question-type plugin installed). */
  moodleReads: number;
  /** Of those, questions of a type Questa does not have. */
  lacking?: number;
  /** What Questa keeps, in order: the fields that decide what a learner sees and what counts. */
  items: Record<string, unknown>[];
  /** Every warning, in order, with "Question n (line l): " left off. */
  warnings: string[];
  /** Every error: questions Moodle refuses too. */
  errors?: string[];
  media?: number;
}

const TF = (stem: string, answer = true) => ({ type: 'true_false', stem, answer });
const FEEDBACK = 'feedback on single answers is not kept';
const CITIES = [
  { kind: 'choice', options: ['California', 'Arizona'], correct: 0 },
  { kind: 'choice', options: ['California', 'Arizona'], correct: 1 },
  { kind: 'choice', options: ['California', 'Arizona'], correct: 0 },
  { kind: 'choice', options: ['California', 'Arizona'], correct: 1 },
  { kind: 'text', accepted: ['Paris'], caseSensitive: false },
];
const MARSEILLE =
  'blank 5: partial credit is dropped for "Marseille" (50 %); only fully correct answers count';
const SHUFFLED =
  "Moodle shuffles each group's choices for every attempt; Questa shows them in one fixed shuffled order";
const gap = (options: string[], correct: number) => ({ kind: 'choice', options, correct });
const CAT_WORDS = ['cat', 'sat', 'mat', 'dog', 'table'];
const CAT_SAT = {
  type: 'cloze',
  stem: 'The {{1}} {{2}} on the {{3}}.',
  explanation: 'The cat sat on the mat.',
  points: 1,
  blanks: [gap(CAT_WORDS, 0), gap(CAT_WORDS, 1), gap(CAT_WORDS, 2)],
};
// Shuffled in Moodle: one fixed order that is not the file's (Alpha, Beta, Gamma), which is the key.
const ALPHABET = ['Beta', 'Gamma', 'Alpha'];
const GREEK = {
  type: 'cloze',
  stem: 'Put these in order: {{1}}, {{2}}, {{3}}.',
  explanation: 'The answer is Alpha, Beta, Gamma.',
  points: 3,
  blanks: [gap(ALPHABET, 2), gap(ALPHABET, 0), gap(ALPHABET, 1)],
};
const OXIDES = ['10⁷', '7', '1', '10⁻⁷'];
const image = (alt: string) => new RegExp(`!\\[${alt}\\]\\(media:[0-9a-f]{64}\\)`);

const EXPECTED: Record<string, Expected> = {
  'moodle-broken-cloze.xml': {
    moodleReads: 0,
    items: [],
    warnings: [FEEDBACK, FEEDBACK],
    errors: [
      '"Multianswer question without subquestions" (cloze): it has no embedded answers',
      '"Multichoice subquestion without choices" (cloze): it has no embedded answers',
      '"Multichoice subquestion with only one choice" (cloze): blank 1 needs at least two choices',
      '"Multichoice subquestion with no completely correct answer" (cloze): blank 1 has no fully correct answer',
      '"Numerical subquestion with buggy answer" (cloze): blank 1: "zero" is not a number',
    ],
  },
  // Despite its name, the drag-and-drop fixture holds a gapselect question, the same as Moodle's
  // gapselect fixture below: every [[n]] offers the five words of group 1, and n is the right one.
  'moodle-ddwtos-testquestion.xml': {
    moodleReads: 1,
    items: [{ ...CAT_SAT, topic: 'Default for C1' }],
    warnings: [],
  },
  // qtype_ddwtos and qtype_gapselect's questiontype_test.php: what their import tests assert.
  'moodle-gapselect-ddwtos-test-imports.xml': {
    moodleReads: 3,
    items: [
      GREEK,
      GREEK,
      {
        type: 'cloze',
        stem: 'Drag and drop the words from the list below to fill the blank spaces and correctly complete the sentence.\n\nAt 25°C all aqueous basic solutions have {{1}}\u00a0ion concentrations less than {{2}}\nmol litre-1 and pH values {{3}} than {{4}}.',
        explanation:
          'At 25 °C all aqueous basic solutions have hydrogen ion concentrations less than 10−7 mol litre−1 and pH values greater than 7.\n\nSee Section 9 of S103 *Discovering Science* Block 8.',
        points: 1,
        // Legacy choices: [[1]] hydrogen (group 1), [[8]] 10<sup>-7</sup> and [[6]] 7 (group 2),
        // [[9]] greater (group 3); the superscripts keep their meaning as Unicode.
        blanks: [
          { id: '1', options: ['hydrogen', 'positive', 'hydroxide', 'negative'], correct: 0 },
          { id: '2', options: OXIDES, correct: 3 },
          { id: '3', options: ['greater', 'less'], correct: 0 },
          { id: '4', options: OXIDES, correct: 1 },
        ],
        // Moodle 2.0's legacy hints, inside <hintcontent>, with the file's no-break spaces.
        hints: [
          'You may wish to read\u00a0Section 9 of\u00a0*Discovering Science* Block 8.',
          'Any incorrect choices\u00a0will be removed before your final try.',
        ],
      },
    ],
    warnings: [
      SHUFFLED,
      SHUFFLED,
      'drag boxes a learner can place only once in Moodle ("Alpha", "Beta") can be chosen in more than one blank',
      'drag boxes a learner can place only once in Moodle ("10⁷", "7", "1", "10⁻⁷") can be chosen in more than one blank',
    ],
  },
  'moodle-gapselect-testquestion.xml': {
    moodleReads: 1,
    items: [{ ...CAT_SAT, topic: 'Default for C1', hints: ['First hint', 'Second hint'] }],
    warnings: [],
  },
  // Moodle refuses the file: 33 is not one of its grade choices. Questa keeps the answers and
  // their fractions, whose positive ones add up to 99.67 %, within Moodle's rounding of 100 %.
  'moodle-error-invalid-grades.xml': {
    moodleReads: 0,
    items: [
      {
        type: 'multiple_response',
        stem: 'Select all prime numbers :',
        options: [
          { text: '1', correct: false, credit: -0.5 },
          { text: '2', correct: true, credit: 0.33 },
          { text: '3', correct: true, credit: 0.3333333 },
          { text: '4', correct: false, credit: -0.5 },
          { text: '5', correct: true, credit: 0.3333333 },
        ],
      },
    ],
    warnings: [],
  },
  'moodle-essay-testquestion.xml': {
    moodleReads: 1,
    items: [
      {
        type: 'essay',
        stem: 'Write an essay with 500 words.',
        explanation: 'This is general feedback',
        topic: 'Default for C1',
        points: 1,
        rubric: '',
        modelAnswer: '',
      },
    ],
    warnings: [],
  },
  'moodle-html-chars-in-idnumbers.xml': {
    moodleReads: 1,
    items: [{ ...TF('Testing Alpha Question'), topic: 'Alpha' }],
    warnings: [],
  },
  'moodle-match-testquestion.xml': {
    moodleReads: 1,
    items: [
      {
        type: 'matching',
        stem: 'Classify the animals.',
        topic: 'Test questions',
        pairs: [
          { prompt: 'frog', answer: 'amphibian' },
          { prompt: 'cat', answer: 'mammal' },
          { prompt: 'newt', answer: 'amphibian' },
        ],
      },
    ],
    warnings: ['extra answers without a prompt are not kept: "insect"'],
  },
  'moodle-multianswer.xml': {
    moodleReads: 1,
    items: [
      {
        type: 'cloze',
        stem: expect.stringMatching(
          /^Match the following cities with the correct state,\n\nCalifornia !\[California flag\]\(media:[0-9a-f]{64}\) or Arizona !\[Arizona flag\]\(media:[0-9a-f]{64}\)\n\* San Francisco: \{\{1\}\}\n\* Tucson: \{\{2\}\}\n\* Los Angeles: \{\{3\}\}\n\* Phoenix: \{\{4\}\}\nThe capital of France is \{\{5\}\}\.$/,
        ),
        explanation: expect.stringMatching(image('Moodle logo')),
        points: 5,
        blanks: CITIES,
      },
    ],
    warnings: [FEEDBACK, MARSEILLE],
    media: 3,
  },
  'moodle-multichoice-audio.xml': {
    moodleReads: 1,
    items: [
      {
        type: 'single_choice',
        // The embedded recording becomes media, its link text the description.
        stem: expect.stringMatching(
          /^!\[Listen to this greeting:\]\(media:[0-9a-f]{64}#audio\)\n\nWhat language is being spoken\?$/,
        ),
        options: [
          {
            text: expect.stringMatching(/ English$/),
            correct: false,
            feedback: 'Sorry, listen again.',
          },
          {
            text: expect.stringMatching(/^!\[French flag\]\(media:[0-9a-f]{64}\) French$/),
            correct: true,
            feedback: 'Yes, well done!',
          },
          {
            text: expect.stringMatching(/ German$/),
            correct: false,
            feedback: 'Sorry, listen again.',
          },
          {
            text: expect.stringMatching(/ Danish$/),
            correct: false,
            feedback: 'Sorry, listen again.',
          },
        ],
      },
    ],
    warnings: [],
    media: 5,
  },
  'moodle-multichoice-testquestion.xml': {
    moodleReads: 1,
    items: [
      // Its wrong answers are worth 0, not Questa's default penalty, so the credits are kept.
      {
        type: 'multiple_response',
        hints: ['First hint', 'Second hint'],
        options: ['Tokyo', 'Spain', 'London', 'Barcelona', 'Paris'].map((text) => {
          const correct = text === 'London' || text === 'Paris';
          return { text, correct, credit: correct ? 0.5 : 0 };
        }),
      },
    ],
    warnings: [],
  },
  'moodle-nested-categories.xml': {
    moodleReads: 5,
    items: [
      { ...TF('Testing Iota Question'), topic: 'Iota' },
      { type: 'essay', stem: 'Testing Kappa Essay Question', topic: 'Kappa', rubric: '' },
      { ...TF('Testing Kappa Question'), topic: 'Kappa' },
      { ...TF('Testing Lambda Question'), topic: 'Lambda' },
      { ...TF('Testing Mu Question'), topic: 'Mu' },
    ],
    warnings: [],
  },
  'moodle-old-format-file.xml': {
    moodleReads: 2,
    items: [
      { ...TF('Testing Pi Question'), topic: 'Pi' },
      { ...TF('Testing Rho Question'), topic: 'Rho' },
    ],
    warnings: [],
  },
  'moodle-old-image-tag.xml': {
    moodleReads: 2,
    items: [
      {
        type: 'cloze',
        stem: expect.stringMatching(
          /The capital of France is \{\{5\}\}\.\n\n!\[\]\(media:[0-9a-f]{64}\)$/,
        ),
        blanks: CITIES,
      },
      {
        type: 'single_choice',
        stem: expect.stringMatching(/used in Moodle 1\.9\n\n!\[\]\(media:[0-9a-f]{64}\)$/),
        options: [
          { text: 'wrong answer', correct: false },
          { text: 'another wrong answer', correct: false },
          { text: 'right answer', correct: true },
        ],
      },
    ],
    warnings: [FEEDBACK, MARSEILLE],
    media: 1,
  },
  'moodle-ordering-testquestion.xml': {
    moodleReads: 1,
    items: [
      {
        type: 'ordering',
        items: ['Modular', 'Object', 'Oriented', 'Dynamic', 'Learning', 'Environment'].map(
          (text) => ({ text }),
        ),
      },
    ],
    warnings: [],
  },
  'moodle-regexp-examples.xml': {
    moodleReads: 1,
    lacking: 1,
    items: [],
    warnings: ['"regexp-001" (regexp) is skipped: Questa has no "regexp" questions'],
  },
  'moodle-shortanswer-testquestion.xml': {
    moodleReads: 1,
    items: [
      { type: 'short_text', accepted: ['frog', 'toad'], credits: [1, 0.8], caseSensitive: false },
    ],
    warnings: [FEEDBACK],
  },
  'moodle-truefalse-testquestion.xml': {
    moodleReads: 1,
    items: [{ ...TF('The answer is true.'), explanation: 'You should have selected true.' }],
    warnings: [FEEDBACK],
  },
  'moodle-xmlformat-test-imports.xml': {
    moodleReads: 8,
    items: [
      {
        type: 'matching',
        hints: ['Hint 1'],
        tags: ['tagMatching', 'tagTest'],
        pairs: [
          { prompt: 'A', answer: 'a' },
          { prompt: 'B', answer: 'b' },
          { prompt: 'C', answer: 'c' },
        ],
      },
      // Two answers at 100 % each: the key is kept, not fractions that add up to 200 %.
      {
        type: 'multiple_response',
        points: 2,
        hints: ['Hint 1.', 'Hint 2.'],
        options: ['1', '2', '3', '4'].map((text) => ({
          text,
          correct: text === '2' || text === '4',
        })),
      },
      { type: 'numeric', value: 42, tolerance: 0.001 },
      { type: 'short_text', accepted: ['Beta'], hints: ['Hint 1', 'Hint 2'] },
      TF('The answer is true.'),
      {
        type: 'cloze',
        stem: 'Complete this opening line of verse: "The {{1}} and the {{2}} went to sea".',
        points: 2,
        hints: ['Hint 1', 'Hint 2'],
        tags: ['tagCloze', 'tagTest'],
        blanks: [
          { kind: 'text', accepted: ['Owl'] },
          { kind: 'choice', options: ['Bow-wow', 'Wiggly worm', 'Pussy-cat'], correct: 2 },
        ],
      },
      {
        type: 'cloze',
        stem: 'Which is the right order? {{1}}',
        blanks: [{ kind: 'choice', options: ['y,y,$3', '$3,y,y'], correct: 0 }],
      },
      TF('This text file contains the word Moodle.'),
    ],
    warnings: [
      'extra answers without a prompt are not kept: "d"',
      'partial-credit weights that do not add up to 100 % are dropped: "2" (100 %), "4" (100 %) all count as correct',
      FEEDBACK,
      FEEDBACK,
      FEEDBACK,
      FEEDBACK,
      'the linked file myfolder/moodle.txt cannot be stored in Questa and is dropped; the link text is kept',
    ],
  },
  'plugin-multianswerrgx-testquestion.xml': {
    moodleReads: 1,
    lacking: 1,
    items: [],
    warnings: [
      '"Cloze with RX complete" (multianswerrgx) is skipped: Questa has no "multianswerrgx" questions',
    ],
  },
  // The fixture names a type no plugin registers, so Moodle refuses it too.
  'plugin-oumultiresponse-testquestion.xml': {
    moodleReads: 0,
    items: [],
    warnings: [
      '"OU multiple response 001" (vdsmultiplechoice) is skipped: Questa has no "vdsmultiplechoice" questions',
    ],
  },
  // Random-word banks made by a generator script (GPL-3.0), a foil for Moodle's edge cases.
  'ruseler-cloze.xml': {
    moodleReads: 0,
    items: [],
    warnings: [],
    errors: ['"Quality-focused mission-critical frame" (cloze): it has no embedded answers'],
  },
  'ruseler-clozesnum.xml': {
    moodleReads: 5,
    lacking: 5,
    items: [],
    warnings: [
      ['1 - Public-key holistic process improvement', 'MULTIRESPONSE_H'],
      ['2 - Implemented mission-critical initiative', 'MULTIRESPONSE_S'],
      ['3 - Focused grid-enabled moderator', 'MULTIRESPONSE_HS'],
      ['4 - Focused optimal projection', 'MULTIRESPONSE_H'],
      ['5 - Pre-emptive responsive website', 'MULTIRESPONSE_S'],
    ].map(
      ([name, type]) =>
        `"${name}" (cloze) is skipped: blank 2 is a multiple-response menu (${type}), which a Questa cloze blank cannot carry`,
    ),
  },
  'ruseler-matching.xml': {
    moodleReads: 1,
    items: [
      {
        type: 'matching',
        hints: [
          'Organized zero administration synergy',
          'Function-based zero administration encoding',
        ],
        pairs: [
          { prompt: 'Sell individual state item.', answer: 'education' },
          { prompt: 'Respond color property.', answer: 'visit' },
          { prompt: 'Might feel teach opportunity soon glass social.', answer: 'goal' },
          { prompt: 'Product read coach fly head have treatment clear.', answer: 'six' },
        ],
      },
    ],
    warnings: [],
  },
  // <single>False</single> is not "false": Moodle reads a single-answer question with no 100 %
  // answer and refuses it.
  'ruseler-multichoice.xml': {
    moodleReads: 0,
    items: [],
    warnings: [],
    errors: [
      '"Assimilated tertiary frame" (multichoice): no answer is fully correct (100 %), which a single-answer question needs (Moodle reads <single>False</single> as single answer too: only "false" or "0" mean multiple)',
    ],
  },
  'ruseler-numerical.xml': {
    moodleReads: 0,
    items: [],
    warnings: [FEEDBACK],
    errors: [
      '"Up-sized mobile matrices" (numerical): no numeric answer is fully correct (fraction 100)',
    ],
  },
  'ruseler-ordering.xml': {
    moodleReads: 1,
    items: [
      {
        type: 'ordering',
        items: [
          'Fundamental regional extranet',
          'Front-line attitude-oriented service-desk',
          'Visionary bi-directional frame',
          'Secured dedicated emulation',
          'Proactive demand-driven benchmark',
          'Integrated didactic hierarchy',
        ].map((text) => ({ text })),
        hints: ['Organic 24/7 interface', 'Profit-focused system-worthy software'],
      },
    ],
    warnings: [FEEDBACK],
  },
  'ruseler-shortanswer.xml': {
    moodleReads: 1,
    items: [
      {
        type: 'short_text',
        accepted: ['Reveal before skill pass dog yes.', 'Wish since stand office.'],
        credits: [1, 0.25],
        caseSensitive: true,
        hints: [
          'Decentralized high-level artificial intelligence',
          'Re-contextualized executive product',
        ],
      },
    ],
    warnings: [FEEDBACK],
  },
  'ruseler-truefalse.xml': {
    moodleReads: 1,
    items: [TF('Degree table wrong Democrat policy city data.', false)],
    warnings: [FEEDBACK],
  },
};

const withoutPlace = (message: string) => message.replace(/^Question \d+ \(line \d+\): /, '');
const files = CORPUS ? readdirSync(CORPUS).filter((name) => name.endsWith('.xml')) : [];

describe.skipIf(!CORPUS)('the Moodle XML corpus', () => {
  it('has an expectation for every file', () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)('%s reads as Moodle reads it, or says why not', (name) => {
    const expected = EXPECTED[name] as Expected;
    const result = parseMoodleXml(readFileSync(join(CORPUS ?? '', name)));
    // toMatchObject on an array: same length, each element matched field by field.
    expect(result.items.map((i) => i.content)).toMatchObject(expected.items);
    expect(result.warnings.map((w) => withoutPlace(w.message))).toEqual(expected.warnings);
    expect(result.errors.map((e) => withoutPlace(e.message))).toEqual(expected.errors ?? []);
    expect(result.media).toHaveLength(expected.media ?? 0);
  });

  it.each(files)(
    '%s cut short, with a question emptied or with unreadable grades, parses without throwing',
    (name) => {
      const text = readFileSync(join(CORPUS ?? '', name), 'utf8');
      const step = Math.max(1, Math.floor(text.length / 40));
      const variants = [
        ...Array.from({ length: 40 }, (_, i) => text.slice(0, i * step)),
        text.replace(
          /<question type="(?!category)[^"]*">[\s\S]*?<\/question>/,
          '<question type="cloze"></question>',
        ),
        text.replace(/fraction="[^"]*"/g, 'fraction="x"'),
      ];
      for (const variant of variants) {
        expect(() => parseMoodleXml(new TextEncoder().encode(variant))).not.toThrow();
      }
    },
  );

  it('reads every question Moodle reads whose type Questa has, and skips the rest by name', ({
    task,
  }) => {
    let readable = 0;
    let lacking = 0;
    let kept = 0;
    let skipped = 0;
    let correct = 0;
    let wrong = 0;
    for (const name of files) {
      const expected = EXPECTED[name] as Expected;
      const result = parseMoodleXml(readFileSync(join(CORPUS ?? '', name)));
      readable += expected.moodleReads;
      lacking += expected.lacking ?? 0;
      kept += result.items.length;
      skipped += result.warnings.filter((w) => / is skipped: /.test(w.message)).length;
      // Questions of files Moodle refuses count neither way: Moodle reads none of them.
      if (expected.moodleReads === 0) continue;
      const matched = expected.items.filter((want, i) =>
        matchesSubset(result.items[i]?.content, want),
      ).length;
      correct += matched;
      wrong += Math.max(result.items.length, expected.items.length) - matched;
    }
    task.meta.corpusFigures = {
      format: 'Moodle XML',
      files: files.length,
      sources: sourcesIn(readFileSync(join(CORPUS ?? '', 'SOURCES.md'), 'utf8')),
      questions: readable,
      holdable: readable - lacking,
      correct,
      skipped,
      silentlyWrong: wrong,
      crashes: 0,
    };
    expect(wrong).toBe(0);
    expect(correct).toBe(readable - lacking);
    expect({ readable, lacking, kept, skipped }).toEqual({
      readable: 42,
      lacking: 7,
      kept: 36,
      skipped: 8,
    });
    // One kept question is from a file Moodle refuses (moodle-error-invalid-grades.xml).
    expect((kept - 1) / (readable - lacking)).toBe(1);
  });
});
