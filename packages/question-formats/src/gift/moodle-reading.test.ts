import { describe, expect, it } from 'vitest';
import type { QuestionContent } from '@questa/contracts';
import { READ_AS_WINDOWS_1252 } from '../shared/decode';
import { LEADS_UNTIL, NO_QUESTION_AFTER } from '../shared/passages';
import { parseGift } from './parse';
import { serializeGift } from './serialize';

// Each case is a form Moodle's reader (question/format/gift/format.php) accepts, read the way
// Moodle reads it, or refused with a message when Questa cannot hold what Moodle reads.

const parse = (text: string) => parseGift(new TextEncoder().encode(text));
const messages = (text: string) => parse(text).warnings.map((w) => w.message);
const only = (text: string) => {
  const result = parse(text);
  expect(result.errors).toEqual([]);
  expect(result.items).toHaveLength(1);
  return result.items[0]?.content as QuestionContent;
};
const key = (q: QuestionContent) =>
  'options' in q ? q.options.filter((o) => o.correct).map((o) => o.text) : undefined;

describe('partial credit', () => {
  it('keeps the weights of a single choice as credits on its wrong options', () => {
    const text = 'Capital of France?{=Paris ~%50%Lyon ~%-25%Rome ~Oslo}';
    const q = only(text);
    expect(q.type).toBe('single_choice');
    expect(key(q)).toEqual(['Paris']);
    expect('options' in q && q.options.map((o) => o.credit)).toEqual([
      undefined,
      0.5,
      -0.25,
      undefined,
    ]);
    expect(messages(text)).toEqual([]);
  });

  it('reads answers that are all ~%n% weights as multiple response, keeping uneven weights', () => {
    const even = 'Primes?{~%50%2 ~%50%3 ~%-100%4}';
    expect(only(even).type).toBe('multiple_response');
    expect(key(only(even))).toEqual(['2', '3']);
    // Questa's defaults (1/C each, −1/W each) need no credits, so the question stays as it was.
    const plain = only(even);
    expect('options' in plain && plain.options.some((o) => 'credit' in o)).toBe(false);
    expect(messages(even)).toEqual([]);
    const uneven = 'Primes?{~%70%2 ~%30%3 ~%-50%4 ~9}';
    const q = only(uneven);
    expect(key(q)).toEqual(['2', '3']);
    expect('options' in q && q.options.map((o) => o.credit)).toEqual([0.7, 0.3, -0.5, 0]);
    expect(messages(uneven)).toEqual([]);
  });

  it('keeps the key but not weights that do not add up to 100 %, and says so', () => {
    const text = 'Primes?{~%50%2 ~%25%3 ~%-100%4}';
    const q = only(text);
    expect(key(q)).toEqual(['2', '3']);
    expect('options' in q && q.options.some((o) => 'credit' in o)).toBe(false);
    expect(messages(text)).toEqual([
      'Question 1 (line 1): the weights 50 %, 25 % do not add up to 100 % and are not kept: every answer with a positive weight counts as right',
    ]);
  });

  it('keeps feedback on choice answers and drops it, saying so, on a missing-word blank', () => {
    expect(only('Pick.{=yes#Good. ~no#Think again.}')).toMatchObject({
      options: [
        { text: 'yes', feedback: 'Good.' },
        { text: 'no', feedback: 'Think again.' },
      ],
    });
    expect(messages('It is {=yes#Good. ~%50%no} indeed.')).toEqual([
      'Question 1 (line 1): feedback on single answers is not kept',
      "Question 1 (line 1): the 50 % partial credit on 'no' is not kept",
    ]);
  });

  it('counts ~%100% as a right answer', () => {
    expect(key(only('Pick.{~%100%yes ~no}'))).toEqual(['yes']);
  });

  it('keeps a single choice with several fully right answers, each at full credit, not select-all', () => {
    const result = parse('Seasons?{=spring =summer ~easter}');
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({
      type: 'single_choice',
      options: [
        { text: 'spring', correct: true },
        { text: 'summer', correct: false, credit: 1 },
        { text: 'easter', correct: false },
      ],
    });
    expect(result.warnings.map((w) => w.message)).toEqual([
      "Question 1 (line 1): 'summer' is fully right too, as in Moodle: choosing it scores full marks, and 'spring' is shown as the answer",
    ]);
  });

  it('treats an = answer as fully right whatever weight follows it, as Moodle does', () => {
    const text = 'Capital?{=%50%Paris ~Rome}';
    expect(key(only(text))).toEqual(['Paris']);
    expect(messages(text)[0]).toMatch(/50 % weight on the = answer 'Paris' is ignored/);
  });

  it('keeps short answers worth part of the marks with their credit, after the fully right ones', () => {
    const text = 'Best animal?{=%50%Cat =Frog =%0%*#Completely wrong}';
    expect(only(text)).toMatchObject({
      type: 'short_text',
      accepted: ['Frog', 'Cat'],
      credits: [1, 0.5],
    });
    expect(messages(text)).toEqual([
      'Question 1 (line 1): feedback on single answers is not kept',
      "Question 1 (line 1): the answer '*' worth 0 % is not kept",
    ]);
  });

  it('refuses a short answer with no answer worth 100 %', () => {
    expect(parse('Best?{=%50%Cat}').errors[0]?.message).toBe(
      'Question 1 (line 1): no answer is worth 100 %',
    );
  });
});

describe('numeric answers with feedback', () => {
  it('reads ~ as feedback for other numbers', () => {
    const text = 'From 1 to 5?{#3:2~#Completely wrong}';
    expect(only(text)).toMatchObject({ type: 'numeric', value: 3, tolerance: 2 });
    expect(messages(text)).toEqual([
      'Question 1 (line 1): the feedback for other numbers is not kept',
    ]);
  });

  it('keeps the fully right answer as the key and the others with their credit', () => {
    const text = 'Grant born?{#=%50%3:4#fb =3:2#fb =1..5}';
    expect(only(text)).toMatchObject({
      value: 3,
      tolerance: 2,
      alternatives: [
        { value: 3, tolerance: 4, credit: 0.5 },
        { value: 3, tolerance: 2, credit: 1 },
      ],
    });
    expect(messages(text)).toEqual(['Question 1 (line 1): feedback on single answers is not kept']);
  });

  it('keeps partial credit out of a missing-word blank, and says so', () => {
    const text = 'Born in {=Nazareth =%75%Nazereth} indeed.';
    expect(only(text)).toMatchObject({ type: 'cloze', blanks: [{ accepted: ['Nazareth'] }] });
    expect(messages(text)).toEqual([
      "Question 1 (line 1): the 75 % partial credit on 'Nazereth' is not kept",
    ]);
  });

  it('finds the fully right answer wherever it stands', () => {
    expect(only('How many?{#=%0%5:0#no =%100%9:0#yes}')).toMatchObject({ value: 9 });
  });
});

describe('forms Moodle accepts', () => {
  it('reads ~=answer as =answer', () => {
    const q = only('Capital?{~=Paris ~Rome ~Berlin}');
    expect(q.type).toBe('single_choice');
    expect('options' in q && q.options.map((o) => o.text)).toEqual(['Paris', 'Rome', 'Berlin']);
    expect(key(q)).toEqual(['Paris']);
  });

  it('reads a single answer without = as a short answer', () => {
    expect(only('The word for 1?{One}')).toMatchObject({ type: 'short_text', accepted: ['One'] });
  });

  it('reads text before the first ~ as a wrong answer', () => {
    expect(key(only('Pick.{Grant ~Jefferson =no one}'))).toEqual(['no one']);
  });

  it('reads only upper-case T, TRUE, F and FALSE as true/false', () => {
    expect(only('Sky blue?{TRUE}')).toMatchObject({ type: 'true_false', answer: true });
    expect(only('Word?{true}')).toMatchObject({ type: 'short_text', accepted: ['true'] });
  });
});

describe('per-answer format tags', () => {
  it('strips [moodle], [plain], [markdown] and converts [html] answers', () => {
    const q = only(
      'Pick.{=[moodle]Nunca. ~[plain]<b>raw</b> ~[html]<p>It is <b>bold</b></p> ~[markdown]**md**}',
    );
    expect('options' in q && q.options.map((o) => o.text)).toEqual([
      'Nunca.',
      '<b>raw</b>',
      'It is **bold**',
      '**md**',
    ]);
  });

  it('lets an answer override the [html] of its question', () => {
    const q = only('[html]<p>Pick</p>{=<i>a</i> ~[plain]<i>b</i>}');
    expect('options' in q && q.options.map((o) => o.text)).toEqual(['*a*', '<i>b</i>']);
  });

  it('strips tags from matching prompts and short answers', () => {
    expect(only('Match.{=[html]<b>cat</b> -> meow =[plain]dog -> woof}')).toMatchObject({
      pairs: [
        { prompt: '**cat**', answer: 'meow' },
        { prompt: 'dog', answer: 'woof' },
      ],
    });
    expect(only('Name it.{=[markdown]Asia}')).toMatchObject({ accepted: ['Asia'] });
  });
});

describe('descriptions', () => {
  it('reads a description as a passage the questions after it refer to, not as a question', () => {
    const result = parse(
      '::Intro::[html]Use <b>pencil</b> and paper.\n\nTrue?{T}\n\nFalse?{F}\n\n$CATEGORY: $course$/Next\n\nAlone?{T}',
    );
    expect(result.total).toBe(3);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        line: 1,
        message: `Line 1: The description "Intro" is imported as a passage leading questions 1–2 ${LEADS_UNTIL}`,
      },
    ]);
    expect(result.passages).toEqual([
      { line: 1, content: { title: 'Intro', body: 'Use **pencil** and paper.', media: [] } },
    ]);
    expect(result.items.map((i) => i.passage)).toEqual([0, 0, undefined]);
  });

  it('warns about a description no question follows, and leaves it out', () => {
    const result = parse('True?{T}\n\nA closing remark.\n\n$CATEGORY: Other\n\nFalse?{F}');
    expect(result.passages).toEqual([]);
    expect(result.items.map((i) => i.passage)).toEqual([undefined, undefined]);
    expect(result.warnings).toEqual([
      { line: 3, message: `Line 3: A description ${NO_QUESTION_AFTER}` },
    ]);
  });
});

describe('Windows-1252 files', () => {
  it('reads bytes that are not UTF-8 as Windows-1252 and says so', () => {
    // "Café – “quoted”? {T}" as Notepad writes it in Western Europe.
    const bytes = Uint8Array.from([
      ...[...'Caf'].map((c) => c.charCodeAt(0)),
      0xe9,
      0x20,
      0x96,
      0x20,
      0x93,
      ...[...'quoted'].map((c) => c.charCodeAt(0)),
      0x94,
      ...[...'? {T}'].map((c) => c.charCodeAt(0)),
    ]);
    const result = parseGift(bytes);
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content.stem).toBe('Café – “quoted”?');
    expect(result.warnings).toEqual([{ message: READ_AS_WINDOWS_1252 }]);
  });
});

describe('a cloze blank that opens the sentence', () => {
  it('is written with the answers first and no format tag, and reads back', () => {
    const q = only('{=Paris ~Rome} is the capital of France.');
    expect(q).toMatchObject({ type: 'cloze', stem: '{{1}} is the capital of France.' });
    const out = serializeGift([q]);
    const text = new TextDecoder().decode(out.body);
    expect(text).toContain('\n{=Paris ~Rome} is the capital of France.\n');
    expect(out.warnings).toEqual([]);
    expect(parseGift(out.body).items[0]?.content).toEqual(q);
  });

  it('warns when the text after such a blank holds Markdown', () => {
    const q = only('{=Paris ~Rome} is the **capital**.');
    expect(serializeGift([q]).warnings.map((w) => w.message)).toEqual([
      'Question 1: the blank opens the sentence, so the text after it is not marked as Markdown',
    ]);
  });
});

describe('export of texts a reader would take for a tag or a weight', () => {
  it('writes [markdown] before them so they read back as written', () => {
    const read = only('Pick.{=a ~b ~c}');
    if (read.type !== 'single_choice') throw new Error('expected a single choice');
    const texts = ['[html] is a tag', '%50% off', 'plain'];
    const q = {
      ...read,
      options: read.options.map((o, i) => ({ ...o, text: texts[i] as string })),
    };
    expect(parseGift(serializeGift([q]).body).items[0]?.content).toEqual(q);
  });
});

describe("Moodle's multiple-response edge case", () => {
  it('reads one ~%100% answer among penalties as multiple response with one right answer', () => {
    const text = 'Colour?{~%100%yellow ~%-50%red ~%-50%blue}';
    expect(only(text)).toMatchObject({ type: 'multiple_response' });
    expect(key(only(text))).toEqual(['yellow']);
    expect(messages(text)).toEqual([]);
  });
});
