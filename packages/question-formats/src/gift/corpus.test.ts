import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuestionContent } from '@questa/contracts';
import type { ParseResult } from '../types';
import { READ_AS_WINDOWS_1252 } from '../shared/decode';
import { NO_QUESTION_AFTER } from '../shared/passages';
import { sourcesIn } from '../testing/corpus-figures';
import { corpusFolder } from '../testing/shared-data';
import { parseGift } from './parse';

const CORPUS = corpusFolder('gift');

// Real GIFT files nobody at Questa wrote (shared/question-corpus/gift/SOURCES.md, beside the
// repository), each with what Moodle's own
// reader makes of every question, checked by hand against question/format/gift/format.php. A
// question is read correctly when Questa keeps the key Moodle reads; refused when Questa says why
// it cannot import it; silently wrong when it imports anything else, which fails the test.

/** Option credits and feedback as Moodle reads them, by option text; none unless listed. */
interface Weighed {
  credits?: Record<string, number>;
  feedback?: Record<string, string>;
  /** What the stem must hold, where the file's text carries something easy to lose (a link). */
  stem?: RegExp;
}
type Expected =
  | ({ type: 'single_choice' | 'multiple_response'; key: string[]; warn?: RegExp } & Weighed)
  | { type: 'true_false'; answer: boolean }
  | { type: 'short_text'; accepted: string[]; answerCredits?: number[]; warn?: RegExp }
  | {
      type: 'numeric';
      value: number;
      tolerance: number;
      alternatives?: { value: number; tolerance: number; credit: number }[];
      warn?: RegExp;
    }
  | { type: 'matching'; pairs: string[] }
  | { type: 'cloze'; blank: string[]; warn?: RegExp }
  | { type: 'essay' }
  | { refused: RegExp };

const sc = (key: string, warn?: RegExp, weighed: Weighed = {}): Expected => ({
  type: 'single_choice',
  key: [key],
  warn,
  ...weighed,
});
const mr = (...key: string[]): Expected => ({ type: 'multiple_response', key });
const weighed = (expected: Expected, more: Weighed): Expected => ({ ...expected, ...more });
const tf = (answer: boolean): Expected => ({ type: 'true_false', answer });
const sa = (accepted: string[], warn?: RegExp, credits?: number[]): Expected => ({
  type: 'short_text',
  accepted,
  warn,
  ...(credits ? { answerCredits: credits } : {}),
});
const num = (
  value: number,
  tolerance: number,
  warn?: RegExp,
  alternatives?: { value: number; tolerance: number; credit: number }[],
): Expected => ({
  type: 'numeric',
  value,
  tolerance,
  warn,
  ...(alternatives ? { alternatives } : {}),
});
const match = (...pairs: string[]): Expected => ({ type: 'matching', pairs });
/** A missing-word question: the right option of a choice blank, or a text blank's answers. */
const cloze = (blank: string[], warn?: RegExp): Expected => ({ type: 'cloze', blank, warn });
const essay: Expected = { type: 'essay' };
const partial = (percent: number, text: string) =>
  new RegExp(`the ${percent} % partial credit on '${text.replace(/[()]/g, '\\$&')}' is not kept`);

const grant = sc('no one');
const entombed = cloze(['entombed']);
const activities = match(
  'An activity supporting asynchronous discussions. -> Forum',
  'A teacher asks a question and specifies a choice of multiple responses. -> Choice',
  'A bank of record entries which participants can add to. -> Database',
  'A collection of web pages that anyone can add to or edit. -> Wiki',
);
/** Moodle's control-character question, whose feedback keeps its lines as written. */
const controls = (lastLines: string[], colon: boolean) =>
  sc('\\', undefined, {
    feedback: {
      '~': '~ is a control character.',
      '=': '= is a control character.',
      '#': '# is a control character.',
      '{': '{ is a control character.',
      '}': '} is a control character.',
      ...(colon ? { ':': ': is a control character.' } : {}),
      '\\': ['Correct! \\ (backslash) is not a control character. BUT,', ...lastLines].join('\n'),
    },
  });
const controlsLong = controls(
  [
    '              it is used to escape the control characters. So, to specify',
    '              a literal backslash, you must escape it with a backslash',
    '              (as shown in this example).',
  ],
  false,
);
const comments = (last: string) => ({
  'wrong answer': 'feedback comment on the wrong answer',
  'another wrong answer': last,
  'right answer': 'Very good!',
});
const rightAnswer = sc('right answer', undefined, {
  feedback: comments('feedback comment on this wrong answer'),
});
const halfCredit = sc('full credit answer', undefined, { credits: { 'half credit answer': 0.5 } });
const halfCreditCommented = sc('full credit answer', undefined, {
  credits: { 'half credit answer': 0.5 },
  feedback: {
    'wrong answer': 'comment on wrong answer',
    'half credit answer': 'comment on answer',
    'full credit answer': 'well done!',
  },
});
// Moodle scores unweighted wrong answers 0 here, where Questa's default would take 50 % off each.
const tombNoPenalty = weighed(mr('Grant', "Grant's wife"), {
  credits: { 'No one': 0, Grant: 0.5, "Grant's wife": 0.5, "Grant's father": 0 },
});
const yellowFeedback = {
  yellow: 'right; good!',
  red: "wrong, it's yellow",
  blue: "wrong, it's yellow",
};
const yellow = sc('yellow', undefined, { feedback: yellowFeedback });
const yellows = weighed(mr('yellow', 'off-beige'), {
  credits: { yellow: 0.5, red: -1, 'off-beige': 0.5, blue: -1 },
  feedback: { yellow: 'right; good!', red: 'wrong', 'off-beige': 'right; good!', blue: 'wrong' },
});
const nazarethChoice = cloze(['Nazareth'], partial(50, 'Galilee'));
// Moodle's partly right short and numeric answers keep their credit.
const nazarethText = sa(['Nazareth', 'Nazereth', 'Bethlehem'], undefined, [1, 0.75, 0.25]);
const grantBorn = num(1822, 0, undefined, [{ value: 1822, tolerance: 2, credit: 0.5 }]);
const frog = sa(['Frog', 'Cat'], undefined, [1, 0.5]);

interface CorpusFile {
  /** In order, descriptions apart. */
  questions: Expected[];
  descriptions?: number;
  /** Descriptions that became passages, with the title each has; the rest had no question after them. */
  passages?: string[];
  /** Moodle refuses the file as not UTF-8; Questa reads it as Windows-1252 and says so. */
  windows1252?: true;
}

const corpus: Record<string, CorpusFile> = {
  'moodle/examples.txt': {
    questions: [
      grant,
      entombed,
      tf(false),
      sa(['no one', 'nobody']),
      num(1822, 1),
      grant,
      entombed,
      cloze(['fourth']),
      sc('China'),
      sa(['no one', 'nobody']),
      cloze(['four', '4']),
      tf(false),
      tf(true),
      match(
        'subquestion1 -> subanswer1',
        'subquestion2 -> subanswer2',
        'subquestion3 -> subanswer3',
      ),
      match('Canada -> Ottawa', 'Italy -> Rome', 'Japan -> Tokyo', 'India -> New Delhi'),
      num(1822, 0),
      num(3.1415, 0.0005),
      num(3.1415, 0.0005),
      grantBorn,
      num(4, 0),
      sa(['China']),
      cloze(['fourth']),
      rightAnswer,
      sa(['no one', 'nobody']),
      sa(['no one', 'nobody']),
      tf(false),
      halfCredit,
      nazarethChoice,
      nazarethText,
      tombNoPenalty,
      mr('Grant', "Grant's wife"),
      sc('= 2 + 3'),
      controlsLong,
      grant,
      entombed,
      tf(false),
      sa(['no one', 'nobody']),
      num(1822, 5),
      match('Canada -> Ottawa', 'Italy -> Rome', 'Japan -> Tokyo'),
      entombed,
      halfCreditCommented,
      cloze(['Nazareth'], partial(75, 'Nazereth')),
      grantBorn,
    ],
  },
  'moodle/questions.gift.txt': {
    questions: [
      essay,
      activities,
      yellow,
      yellows,
      num(3, 2, /the feedback for other numbers is not kept/),
      frog,
      tf(false),
      tf(true),
      tf(true),
    ],
  },
  'moodle/questions_encoding_windows-1252.gift.txt': {
    questions: [essay, essay, match('aödf -> asdf', 'asdf -> asdf', 'asdf -> asdf')],
    windows1252: true,
  },
  'moodle/questions_in_category.gift.txt': {
    questions: [
      activities,
      sc('French', undefined, {
        // The recording is on another site: its link stays in the stem.
        stem: /^\[Listen to this greeting:\]\(http:\/\/demo\.moodle\.net\/file\.php\/5\/media\/bonjour\.mp3\)\n\nWhat language is being spoken\?$/,
        feedback: {
          English: 'Sorry, listen again.',
          French: 'Yes, well done!',
          German: 'Sorry, listen again.',
          Spanish: 'Sorry, listen again.',
        },
      }),
      sa(['Moodler']),
      tf(true),
    ],
  },
  'gift-grammar-peg/TFTwoFeedback.gift': { questions: [tf(false), tf(true), tf(true)] },
  'gift-grammar-peg/category1.gift': { questions: [] },
  'gift-grammar-peg/categorySpecialCharacter.gift': { questions: [] },
  'gift-grammar-peg/description1.gift': {
    questions: [tf(true)],
    descriptions: 1,
    passages: ['Description Title'],
  },
  'gift-grammar-peg/descriptionTitleEscapedColon.gift': {
    questions: [tf(true)],
    descriptions: 1,
    passages: ['Description Title:'],
  },
  'gift-grammar-peg/descriptionWithID.gift': {
    questions: [tf(true)],
    descriptions: 1,
    passages: ['Description Title'],
  },
  'gift-grammar-peg/escapeAll.gift': {
    questions: [controls(['             it is used to escape the control characters.'], true)],
  },
  // Moodle makes this a single choice in which any one of the four seasons is fully right.
  'gift-grammar-peg/escapeColon.gift': {
    questions: [
      sc('spring', /'summer', 'winter', 'autumn' are fully right too/, {
        credits: { summer: 1, winter: 1, autumn: 1 },
      }),
    ],
  },
  'gift-grammar-peg/escapeEquals.gift': { questions: [sc('= 2 + 3')] },
  'gift-grammar-peg/essay1.gift': { questions: [essay] },
  'gift-grammar-peg/formatExamples.gift': {
    questions: [
      sc('The east.', undefined, {
        feedback: { 'The east.': '**Awesome!**', 'The west.': 'What planet did *you* grow up on?' },
      }),
    ],
  },
  'gift-grammar-peg/giftFormatPhpExamples.gift': {
    questions: [
      grant,
      entombed,
      tf(false),
      sa(['no one', 'nobody']),
      num(1822, 5),
      match('Canada -> Ottawa', 'Italy -> Rome', 'Japan -> Tokyo'),
      entombed,
      halfCreditCommented,
      cloze(['Nazareth'], partial(25, 'Bethlehem')),
      grantBorn,
    ],
  },
  'gift-grammar-peg/markdown.gift': { questions: [], descriptions: 4 },
  'gift-grammar-peg/matching1.gift': {
    questions: [
      match(
        'subquestion1 -> subanswer1',
        'subquestion2 -> subanswer2',
        'subquestion3 -> subanswer3',
      ),
      match('Canada -> Ottawa', 'Italy -> Rome', 'Japan -> Tokyo', 'India -> New Delhi'),
    ],
  },
  'gift-grammar-peg/mc1.gift': { questions: [grant] },
  'gift-grammar-peg/mc2.gift': { questions: [entombed] },
  'gift-grammar-peg/mc4.gift': { questions: [grant] },
  'gift-grammar-peg/mc5.gift': {
    questions: [grant, entombed, cloze(['fourth']), sc('China')],
  },
  'gift-grammar-peg/mcHTMLComment.gift': { questions: [sc('Nunca.')] },
  'gift-grammar-peg/multiLineFeedback1.gift': {
    questions: [
      sc('right answer', undefined, {
        feedback: comments('feedback comment on this wrong answer\non multiple lines'),
      }),
      sc('ContrôleurAbonnement'),
    ],
  },
  'gift-grammar-peg/multipleAnswersFloat.gift': {
    questions: [
      weighed(mr('Africa', 'Asia', 'Antarctica'), {
        credits: {
          Africa: 0.3333333,
          Asia: 0.3333333,
          China: -1,
          Antarctica: 0.3333333,
          America: -1,
        },
      }),
    ],
  },
  'gift-grammar-peg/newlineAndLaTeX.gift': { questions: [essay] },
  'gift-grammar-peg/numerical1.gift': {
    questions: [
      num(1822, 0),
      num(-1, 0),
      num(3.1415, 0.0005),
      num(-3.142, 0.001),
      num(3.1415, 0.0005),
      num(-3.1415, 0.0005),
      num(3, 2),
      num(0, 5),
      grantBorn,
      num(9, 0, /the answer '5:0' worth 0 % is not kept/),
    ],
  },
  'gift-grammar-peg/options1.gift': {
    questions: [
      num(4, 0),
      sa(['China']),
      cloze(['fourth']),
      rightAnswer,
      sa(['no one', 'nobody']),
      sa(['no one', 'nobody']),
      tf(false),
      halfCredit,
      nazarethChoice,
      nazarethText,
      tombNoPenalty,
      mr('Grant', "Grant's wife"),
      sc('= 2 + 3'),
      controlsLong,
    ],
  },
  'gift-grammar-peg/shortAnswer1.gift': {
    questions: [sa(['no one', 'nobody']), cloze(['four', '4'])],
  },
  'gift-grammar-peg/shortAnswer2.gift': { questions: [sa(['no one', 'nobody']), sa(['One'])] },
  'gift-grammar-peg/shortAnswerNotMatching.gift': {
    questions: [
      sc('get coffee powder -> add water'),
      sc('-archivo-configurar página ó -diseño de página-orientación'),
    ],
  },
  'gift-grammar-peg/shortFirstEmbedded.gift': { questions: [cloze(['Asia']), cloze(['Asia'])] },
  'gift-grammar-peg/shortFirstEmbeddedUnderline.gift': {
    questions: [sa(['Asia']), sa(['Asia'])],
  },
  'gift-grammar-peg/shortFirstEmbeddedUnderlineHTML.gift': {
    questions: [sa(['Asia']), sa(['Asia'])],
  },
  'gift-grammar-peg/symbolsAll.gift': { questions: [tf(true)] },
  'gift-grammar-peg/tag_id.gift': { questions: [essay] },
  'gift-grammar-peg/tag_id_and_two_tags.gift': { questions: [essay] },
  'gift-grammar-peg/tag_two_tags.gift': { questions: [essay] },
  'gift-grammar-peg/tf1.gift': { questions: [tf(false)] },
  'gift-grammar-peg/tf1_html.gift': { questions: [tf(false)] },
  'gift-grammar-peg/tf1_markdown.gift': { questions: [tf(false)] },
  'gift-grammar-peg/tf2.gift': { questions: [tf(false), tf(true)] },
  'gift-grammar-peg/totara_moodle_backslash.gift': { questions: [essay] },
  'gift-grammar-peg/totara_moodle_essay.gift': { questions: [essay] },
  'gift-grammar-peg/totara_moodle_match.gift': { questions: [activities] },
  'gift-grammar-peg/totara_moodle_multichoice.gift': { questions: [yellow] },
  'gift-grammar-peg/totara_moodle_multichoice_multi.gift': { questions: [yellows] },
  'gift-grammar-peg/totara_moodle_numerical.gift': { questions: [num(3, 2)] },
  'gift-grammar-peg/totara_moodle_pre_content.gift': { questions: [essay] },
  'gift-grammar-peg/totara_moodle_shortanswer.gift': { questions: [frog] },
  'gift-grammar-peg/totara_moodle_shortanswer_general_feedback.gift': { questions: [frog] },
  'gift-grammar-peg/totara_moodle_truefalse.gift': { questions: [tf(false)] },
  'gift-grammar-peg/totara_moodle_truefalse_true_answer1.gift': { questions: [tf(true)] },
  'gift-grammar-peg/totara_moodle_truefalse_true_answer2.gift': { questions: [tf(true)] },
  'gift-grammar-peg/type_inferred_multiline_markdown.gift': {
    questions: [sa(['answer1 line1  \nanswer1 line2', 'answer2 line1  \nanswer2 line2'])],
  },
};

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** Why an imported question differs from what Moodle reads, or undefined when it does not. */
function mismatch(q: QuestionContent, want: Expected): string | undefined {
  if ('refused' in want) return `imported as ${q.type}, expected a refusal`;
  if (q.type !== want.type) return `read as ${q.type}, Moodle reads ${want.type}`;
  const same = (got: unknown, wanted: unknown) =>
    JSON.stringify(got) === JSON.stringify(wanted)
      ? undefined
      : `${JSON.stringify(got)} ≠ ${JSON.stringify(wanted)}`;
  switch (want.type) {
    case 'single_choice':
    case 'multiple_response': {
      if (q.type !== 'single_choice' && q.type !== 'multiple_response') return 'no options';
      const { options } = q;
      const byText = (pick: (o: (typeof options)[number]) => unknown) =>
        Object.fromEntries(
          options.flatMap((o) => (pick(o) === undefined ? [] : [[o.text, pick(o)]])),
        );
      if (want.stem && !want.stem.test(q.stem)) return `stem ${JSON.stringify(q.stem)}`;
      return (
        same(
          q.options.filter((o) => o.correct).map((o) => o.text),
          want.key,
        ) ??
        same(
          byText((o) => o.credit),
          want.credits ?? {},
        ) ??
        same(
          byText((o) => o.feedback),
          want.feedback ?? {},
        )
      );
    }
    case 'true_false':
      return q.type === 'true_false' ? same(q.answer, want.answer) : 'no answer';
    case 'short_text':
      return q.type === 'short_text'
        ? (same(q.accepted, want.accepted) ?? same(q.credits, want.answerCredits))
        : 'no answers';
    case 'numeric':
      return q.type === 'numeric' &&
        close(q.value, want.value) &&
        close(q.tolerance, want.tolerance) &&
        same(q.alternatives, want.alternatives) === undefined
        ? undefined
        : `numeric answer differs: ${JSON.stringify(q)}`;
    case 'matching':
      return q.type === 'matching'
        ? same(
            q.pairs.map((p) => `${p.prompt} -> ${p.answer}`),
            want.pairs,
          )
        : 'no pairs';
    case 'cloze': {
      if (q.type !== 'cloze' || q.blanks.length !== 1) return 'not a one-blank cloze';
      const blank = q.blanks[0];
      const got = blank?.kind === 'choice' ? [blank.options[blank.correct]] : blank?.accepted;
      return same(got, want.blank);
    }
    case 'essay':
      return q.type === 'essay' && q.rubric === '' && q.modelAnswer === ''
        ? undefined
        : 'not an essay without rubric or model answer';
  }
}

interface FileOutcome {
  name: string;
  result?: ParseResult;
  crash?: string;
  correct: number;
  refused: number;
  wrong: string[];
  descriptions: number;
}

function check(name: string): FileOutcome {
  const expected = corpus[name] as CorpusFile;
  const outcome: FileOutcome = { name, correct: 0, refused: 0, wrong: [], descriptions: 0 };
  const path = join(CORPUS ?? '', name);
  try {
    outcome.result = parseGift(readFileSync(path));
  } catch (error) {
    outcome.crash = String(error);
    return outcome;
  }
  const { items, errors, warnings, total } = outcome.result;
  // A description becomes a passage, or is reported when no question follows it.
  outcome.descriptions =
    (outcome.result.passages?.length ?? 0) +
    warnings.filter((w) => w.message.includes(NO_QUESTION_AFTER)).length;
  if (
    warnings.some((w) => w.message === READ_AS_WINDOWS_1252) !== (expected.windows1252 ?? false)
  ) {
    outcome.wrong.push('the Windows-1252 warning is missing or unexpected');
  }
  if (total !== expected.questions.length) {
    outcome.wrong.push(`${total} questions read, Moodle reads ${expected.questions.length}`);
  }
  expected.questions.forEach((want, index) => {
    const item = index + 1;
    const imported = items.find((i) => i.item === item);
    const error = errors.find((e) => e.item === item);
    if (imported) {
      const differs = mismatch(imported.content, want);
      const warned = 'warn' in want && want.warn;
      const said = warnings.filter((w) => w.item === item).map((w) => w.message);
      if (differs) outcome.wrong.push(`Question ${item}: ${differs}`);
      else if (warned && !said.some((m) => warned.test(m))) {
        outcome.wrong.push(`Question ${item}: no warning matching ${warned}`);
      } else outcome.correct += 1;
    } else if (error && 'refused' in want && want.refused.test(error.message)) {
      outcome.refused += 1;
    } else {
      outcome.wrong.push(`Question ${item}: ${error?.message ?? 'missing'}`);
    }
  });
  return outcome;
}

const outcomes = CORPUS ? Object.keys(corpus).map(check) : [];
const sum = (pick: (o: FileOutcome) => number) => outcomes.reduce((n, o) => n + pick(o), 0);
const inMoodle = Object.values(corpus).filter((f) => !f.windows1252);
const all = inMoodle.flatMap((f) => f.questions);
const questions = all.length;
const essays = all.filter((q) => q === essay).length;
const moodleOutcomes = outcomes.filter((o) => !corpus[o.name]?.windows1252);
const correct = moodleOutcomes.reduce((n, o) => n + o.correct, 0);
const refused = moodleOutcomes.reduce((n, o) => n + o.refused, 0);
const wrong = sum((o) => o.wrong.length);
const crashes = outcomes.filter((o) => o.crash).length;
const readable = questions;
const share = ((100 * correct) / readable).toFixed(1);
const files = `${outcomes.length} files (${outcomes.length - inMoodle.length} that Moodle refuses as not UTF-8)`;

describe.skipIf(!CORPUS)(
  `GIFT corpus: ${files}, ${questions} questions Moodle reads (${essays} essays) and ${sum((o) => o.descriptions)} descriptions`,
  () => {
    it.each(outcomes.map((o) => [o.name, o] as const))('%s reads as Moodle reads it', (_, o) => {
      expect(o.crash).toBeUndefined();
      expect(o.wrong).toEqual([]);
      expect(o.descriptions).toBe(corpus[o.name]?.descriptions ?? 0);
      const passages = o.result?.passages ?? [];
      expect(passages.map((p) => p.content.title)).toEqual(corpus[o.name]?.passages ?? []);
      // Every question after a description refers to its passage.
      if (passages.length > 0) expect(o.result?.items.every((i) => i.passage === 0)).toBe(true);
    });

    it(`reads ${correct} of the ${readable} questions correctly (${share} %), refuses ${refused} with a reason, ${wrong} silently wrong, ${crashes} crashes`, ({
      task,
    }) => {
      task.meta.corpusFigures = {
        format: 'GIFT',
        files: outcomes.length,
        sources: sourcesIn(readFileSync(join(CORPUS ?? '', 'SOURCES.md'), 'utf8')),
        questions,
        holdable: readable,
        correct,
        skipped: refused,
        silentlyWrong: wrong,
        crashes,
      };
      expect(crashes).toBe(0);
      expect(wrong).toBe(0);
      expect(correct + refused).toBe(questions);
      expect(correct / readable).toBeGreaterThanOrEqual(0.95);
    });
  },
);

describe.skipIf(!CORPUS)('GIFT corpus, cut and mangled', () => {
  // Half-written files are what authors upload by mistake: every prefix at a special character,
  // and each special character swapped for another, must give issues, never an exception.
  const specials = /[{}=~#%:\\[\]\n-]/g;
  it.each(Object.keys(corpus))('%s never throws', (name) => {
    const bytes = readFileSync(join(CORPUS ?? '', name));
    const text = new TextDecoder('latin1').decode(bytes);
    const encode = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
    for (const match of text.matchAll(specials)) {
      const at = match.index;
      expect(() => parseGift(encode(text.slice(0, at)))).not.toThrow();
      const swapped = `${text.slice(0, at)}${'{}=~#'[at % 5]}${text.slice(at + 1)}`;
      expect(() => parseGift(encode(swapped))).not.toThrow();
    }
  });
});
