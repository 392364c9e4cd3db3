import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { matchesSubset, sourcesIn } from '../testing/corpus-figures';
import { corpusFolder } from '../testing/shared-data';
import { parseQtiPackage } from './parse';

// Real QTI 3 items written by others (shared/question-corpus/qti/SOURCES.md). Each expectation was checked by hand
// against what the QTI 3.0 specification says the item asks and accepts. A file is read correctly,
// refused with a warning or error that names it, and never read into a different question.
const CORPUS = corpusFolder('qti');

function packageOf(files: string[]): Uint8Array {
  const resources = files
    .map(
      (f, i) =>
        `<resource identifier="r${i}" type="imsqti_item_xmlv3p0" href="${f}"><file href="${f}"/></resource>`,
    )
    .join('');
  return zipSync({
    'imsmanifest.xml': strToU8(
      `<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="corpus"><metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata><organizations/><resources>${resources}</resources></manifest>`,
    ),
    ...Object.fromEntries(files.map((f) => [f, readFileSync(resolve(CORPUS ?? '', f))])),
  });
}

const FEEDBACK_BY_OUTCOME =
  "2 feedback texts shown only for some responses (correct, incorrect or per choice) are not kept; Questa's explanation is shown to every learner";
const PARTIAL =
  'partial credit per choice or pair (qti-mapping) is not kept; Questa scores the whole question';
const freud = 'Sigmund Freud and Carl Jung both belong to the psychoanalytic school of psychology.';
const trueFalseOptions = [
  { id: 'true', text: 'True', correct: true },
  { id: 'false', text: 'False', correct: false },
];

const SEASONS = ['winter', 'spring', 'summer', 'autumn'];
const RICHARD_III = {
  type: 'cloze',
  stem: "Identify the missing words in this famous quote from Shakespeare's Richard III.\n\nNow is the {{G1}} of our discontent\nMade glorious {{G2}} by this sun of York;\nAnd all the clouds that lour'd upon our house\nIn the deep bosom of the ocean buried.",
  explanation: '',
  blanks: [
    { id: 'G1', kind: 'choice', options: SEASONS, correct: 0 },
    { id: 'G2', kind: 'choice', options: SEASONS, correct: 2 },
  ],
};
const ONCE_EACH =
  'choices a learner may place in only one gap (match-max: "winter" 1, "spring" 1, "summer" 1, "autumn" 1) can be chosen in every blank';

interface Expected {
  content?: Record<string, unknown>;
  warnings?: string[];
  error?: string;
}

const EXPECTED: Record<string, Expected> = {
  // Modal feedback "correct"/"incorrect" depends on the outcome: neither is the explanation.
  '1edtech/Example01-modalFeedback.xml': {
    content: { type: 'single_choice', stem: freud, explanation: '', options: trueFalseOptions },
    warnings: [FEEDBACK_BY_OUTCOME],
  },
  // FEEDBACK takes the chosen identifier: per-choice inline feedback, kept as each option's own.
  '1edtech/Example02-feedbackInline.xml': {
    content: {
      type: 'single_choice',
      stem: freud,
      explanation: '',
      options: [
        { ...trueFalseOptions[0], feedback: "— **That's correct**" },
        { ...trueFalseOptions[1], feedback: "— **That's not correct**" },
      ],
    },
  },
  '1edtech/QTI3-inline-choice.xml': {
    content: {
      type: 'cloze',
      stem: "Identify the missing word in this famous quote from Shakespeare's Richard III.\n\nNow is the winter of our discontent\nMade glorious summer by this sun of {{RESPONSE}};\nAnd all the clouds that lour'd upon our house\nIn the deep bosom of the ocean buried.",
      blanks: [
        {
          id: 'RESPONSE',
          kind: 'choice',
          options: ['Gloucester', 'Lancaster', 'York'],
          correct: 2,
        },
      ],
    },
  },
  // map_response gives 0.5 for two pairs; Questa keeps the pairs and says the weights are lost.
  '1edtech/QTI3-match.xml': {
    content: {
      type: 'matching',
      stem: 'Match the following characters to the Shakespeare play they appeared in:',
      pairs: [
        { id: 'C', prompt: 'Capulet', answer: 'Romeo and Juliet' },
        { id: 'D', prompt: 'Demetrius', answer: "A Midsummer-Night's Dream" },
        { id: 'L', prompt: 'Lysander', answer: "A Midsummer-Night's Dream" },
        { id: 'P', prompt: 'Prospero', answer: 'The Tempest' },
      ],
    },
    warnings: [PARTIAL],
  },
  '1edtech/QTI3-order.xml': {
    content: {
      type: 'ordering',
      stem: 'The following F1 drivers finished on the podium in the first ever Grand Prix of Bahrain.\n\nRearrange them into the correct finishing order.',
      items: [
        { id: 'DriverC', text: 'Michael Schumacher' },
        { id: 'DriverA', text: 'Rubens Barrichello' },
        { id: 'DriverB', text: 'Jenson Button' },
      ],
    },
  },
  '1edtech/QTI3multiplechoice2.xml': {
    content: {
      type: 'multiple_response',
      stem: 'Which of the following elements are used to form water?',
      options: [
        { id: 'H', text: 'Hydrogen', correct: true },
        { id: 'He', text: 'Helium', correct: false },
        { id: 'C', text: 'Carbon', correct: false },
        { id: 'O', text: 'Oxygen', correct: true },
        { id: 'N', text: 'Nitrogen', correct: false },
        { id: 'Cl', text: 'Chlorine', correct: false },
      ],
    },
  },
  // MathML stays math; the screen-reader-only headings and image description are not stem text.
  '1edtech/qti3-choice-aria-mathml-catalog.xml': {
    content: {
      type: 'single_choice',
      stem: 'Examine the following survey map.\n\nSurvey map with Angles\n\nWhat is the value of $\\angle T A P$ in degrees?',
      options: [
        { id: 'ChoiceA', text: '90', correct: true },
        { id: 'ChoiceB', text: '37', correct: false },
        { id: 'ChoiceC', text: '58', correct: false },
        { id: 'ChoiceD', text: '45', correct: false },
      ],
    },
    warnings: ['the image images/survey.jpg is not in the package and is dropped'],
  },
  // The example from the product issue's class: MathML in the prompt must stay math.
  '1edtech/MathML.xml': {
    content: {
      type: 'single_choice',
      stem: 'Which famous scientist is popularly associated with the equation\n\n$E = m {c}^{2}$',
      options: [
        { id: 'E', text: 'Einstein', correct: true },
        { id: 'G', text: 'Galileo', correct: false },
        { id: 'H', text: 'Hawking', correct: false },
        { id: 'N', text: 'Newton', correct: false },
      ],
    },
  },
  // "york" earns half marks under map_response, and keeps them.
  '1edtech/BG010.xml': {
    content: {
      type: 'short_text',
      stem: "Identify the missing word in this famous quote from Shakespeare's Richard III.\n\nNow is the winter of our discontent\nMade glorious summer by this sun of _____;\nAnd all the clouds that lour'd upon our house\nIn the deep bosom of the ocean buried.",
      accepted: ['York', 'york'],
      credits: [1, 0.5],
      caseSensitive: true,
    },
  },
  // Two float answer boxes in one sentence (Onyx Editor export): a cloze whose blanks take numbers.
  '1edtech/TextEntrynumeric_2040297025.xml': {
    content: {
      type: 'cloze',
      stem: 'Das Bundesland Sachsen grenzt an {{1}} andere deutsche Bundesländer und {{2}} Länder außerhalb Deutschlands.',
      blanks: [
        { id: '1', kind: 'text', accepted: ['4.0', '4'] },
        { id: '2', kind: 'text', accepted: ['2.0', '2'] },
      ],
    },
    warnings: [
      'blank 1 takes a number, which a cloze blank compares as text: "4.0", "4" are accepted',
      'blank 2 takes a number, which a cloze blank compares as text: "2.0", "2" are accepted',
      FEEDBACK_BY_OUTCOME,
    ],
  },
  // Scored by a person (external-scored="human"); no rubric and no correct response to keep.
  '1edtech/essay.xml': {
    content: {
      type: 'essay',
      stem: 'In the classroom, we discovered Martin Luther King Jr. and his devotion.\n\nWrite an abstract about the life of this historical figure.',
      rubric: '',
      modelAnswer: '',
      explanation: '',
    },
  },
  // The word count is in the prompt's words only; QTI has no word limit to read.
  '1edtech/BG009.xml': {
    content: {
      type: 'essay',
      stem: [
        'Read this postcard from your English pen-friend, Sam.',
        'Here is a postcard of my town. Please send me\na postcard from your town. What size is your Town?\nWhat is the nicest part of your town?\nWhere do you go in the evenings?',
        'Sam',
        'Write Sam a postcard. Answer the questions. Write 23–30 words',
      ].join('\n\n'),
      rubric: '',
      modelAnswer: '',
    },
  },
  // Two gaps, each with one right word of the four; the map_response scores 1 and 2 are reported.
  '1edtech/gap-match-example-1.xml': {
    content: RICHARD_III,
    warnings: [PARTIAL, ONCE_EACH],
  },
  // The same quote as Citolab's player shows it: choices not shuffled, no max-associations. The
  // space after each <br/> stays at the start of the line, where Markdown does not show it.
  'citolab/gap_match.xml': {
    content: {
      ...RICHARD_III,
      stem: "Identify the missing words in this famous quote from Shakespeare's Richard III.\n\nNow is the {{G1}} of our discontent\n Made glorious {{G2}} by this sun of York;\n And all the clouds that lour'd upon our house\n In the deep bosom of the ocean buried.",
    },
    warnings: [PARTIAL, ONCE_EACH],
  },
  // The correct choice is drawn at random by template processing, indexing lists of values: no
  // number is computed from drawn values, which is what a calculated question holds.
  '1edtech/mc_calc3.xml': {
    warnings: [
      'not imported: item "mc_calc3" (The number divisors) is a template (calculated) item Questa cannot import: the template variable "numbers" is a container (ordered), not one number',
    ],
  },
  // Response processing is empty, so FEEDBACK is never set and no feedback is ever shown.
  'kennisnet/gap-match-no-processing.xml': {
    content: {
      type: 'matching',
      stem: '**Organellen en hun functies.**\n\nGeef in het overzicht van de verschillende organellen in cellen hun functies.',
      explanation: '',
      pairs: [
        {
          id: 'A1',
          prompt: 'endoplasmatisch reticulum',
          answer: 'isolatie en vervoer van eiwitten',
        },
        { id: 'A2', prompt: 'ribosomen', answer: 'aanmaak van eiwitten' },
        { id: 'A3', prompt: 'mitochondriën', answer: 'energieproductie' },
        { id: 'A4', prompt: 'lysosomen', answer: 'afbreken en/of uitstoten van afval uit de cel' },
        { id: 'A5', prompt: 'golgi-apparaat', answer: 'opslag van celproducten' },
        { id: 'A6', prompt: 'kern', answer: 'besturing en voortplanting van de cel' },
        { id: 'A7', prompt: 'centrosomen', answer: 'vorming van draden bij de kerndeling' },
      ],
    },
    warnings: [PARTIAL],
  },
  // Pairs written as identifier values ("A1 B1") rather than directedPair; feedback blocks by outcome.
  'kennisnet/item001.xml': {
    content: {
      type: 'matching',
      stem: 'Combineer de teksten',
      explanation: '',
      pairs: [
        { id: 'A1', prompt: 'Berlijn', answer: 'Duitsland' },
        { id: 'A2', prompt: 'Amsterdam', answer: 'Nederland' },
        { id: 'A3', prompt: 'Parijs', answer: 'Frankrijk' },
        { id: 'A4', prompt: 'Brussel', answer: 'Belgie' },
      ],
    },
    warnings: [PARTIAL, FEEDBACK_BY_OUTCOME],
  },
  // A text entry with no text at all: Questa needs a stem, so it is an error, not a guess.
  'kennisnet/match-correct-template-no-extension.xml': {
    error: 'stem: Too small: expected string to have >=1 characters',
  },
};

describe.skipIf(!CORPUS)('QTI 3 corpus', () => {
  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(file, () => {
      const result = parseQtiPackage(packageOf([file]));
      const place = `Question 1 (${file}): `;
      expect(result.total).toBe(1);
      expect(result.warnings.map((w) => w.message)).toEqual(
        (expected.warnings ?? []).map((w) => place + w),
      );
      expect(result.errors.map((e) => e.message)).toEqual(
        expected.error ? [place + expected.error] : [],
      );
      if (expected.content) {
        expect(result.items).toHaveLength(1);
        expect(result.items[0]?.content).toMatchObject(expected.content);
      } else expect(result.items).toEqual([]);
    });
  }

  it('reads every item Questa can hold as the specification does, and names the rest', ({
    task,
  }) => {
    const entries = Object.entries(EXPECTED);
    let correct = 0;
    let wrong = 0;
    for (const [file, expected] of entries) {
      const read = parseQtiPackage(packageOf([file])).items[0]?.content;
      if (expected.content && matchesSubset(read, expected.content)) correct += 1;
      else if (expected.content || read) wrong += 1;
    }
    const holdable = entries.filter(([, expected]) => expected.content).length;
    task.meta.corpusFigures = {
      format: 'QTI 3',
      files: entries.length,
      sources: sourcesIn(readFileSync(resolve(CORPUS ?? '', 'SOURCES.md'), 'utf8')),
      questions: entries.length,
      holdable,
      correct,
      skipped: entries.length - holdable,
      silentlyWrong: wrong,
      crashes: 0,
    };
    expect(wrong).toBe(0);
    expect(correct).toBe(holdable);
  });

  it('reads the whole corpus as one package without losing count', () => {
    const files = Object.keys(EXPECTED);
    const result = parseQtiPackage(packageOf(files));
    const read = Object.values(EXPECTED).filter((e) => e.content).length;
    expect(result.total).toBe(files.length);
    expect(result.items).toHaveLength(read);
    expect(result.items.map((i) => i.item)).toEqual(
      files.flatMap((f, i) => (EXPECTED[f]?.content ? [i + 1] : [])),
    );
  });
});
