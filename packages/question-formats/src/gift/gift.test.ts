import { describe, expect, it } from 'vitest';
import { fixtures, richFixtures } from '../testing/fixtures';
import { NO_QUESTION_AFTER } from '../shared/passages';
import { parseGift } from './parse';
import { serializeGift } from './serialize';

const parse = (text: string) => parseGift(new TextEncoder().encode(text));
const contents = (text: string) => {
  const result = parse(text);
  expect(result.errors).toEqual([]);
  return result.items.map((i) => i.content);
};

describe('parseGift', () => {
  it('reads comments, titles, categories, escapes and general feedback', () => {
    const [q] = contents(`// a comment
$CATEGORY: $course$/top/Physics/Mechanics

// [tag:forces] [difficulty:5]
::Newton::What is $F \\= m a$ \\{vector\\}? C\\# \\~ 1\\:2{
=Newton's second law
~Hooke's law
####Force equals mass times acceleration.
}`);
    expect(q).toMatchObject({
      type: 'single_choice',
      stem: 'What is $F = m a$ {vector}? C# ~ 1:2',
      topic: 'Mechanics',
      tags: ['forces'],
      difficulty: 5,
      explanation: 'Force equals mass times acceleration.',
      options: [
        { id: 'a', text: "Newton's second law", correct: true },
        { id: 'b', text: "Hooke's law", correct: false },
      ],
    });
  });

  it('applies defaults when the file says nothing', () => {
    const [q] = contents('Is the sky blue?{T}');
    expect(q).toMatchObject({
      type: 'true_false',
      answer: true,
      topic: 'General',
      difficulty: 3,
      explanation: '',
      tags: [],
    });
  });

  it('reads every question kind', () => {
    const qs = contents(`Pick primes.{~%50%2 ~%50%3 ~%-100%4}

Sky is green.{FALSE}

Sky is blue.{TRUE}

Capital of France?{=Paris =paris}

Pi?{#3.14:0.01}

Between one and two?{#1..2}

Match.{=cat -> meow =dog -> woof}

The cat {=sat ~stood ~ran} on the mat.

Water is {=H2O} at room temperature.`);
    expect(qs.map((q) => q.type)).toEqual([
      'multiple_response',
      'true_false',
      'true_false',
      'short_text',
      'numeric',
      'numeric',
      'matching',
      'cloze',
      'cloze',
    ]);
    expect(qs[0]).toMatchObject({
      options: [{ correct: true }, { correct: true }, { correct: false }],
    });
    expect(qs[1]).toMatchObject({ answer: false });
    expect(qs[3]).toMatchObject({ accepted: ['Paris', 'paris'] });
    expect(qs[4]).toMatchObject({ value: 3.14, tolerance: 0.01 });
    expect(qs[5]).toMatchObject({ value: 1.5, tolerance: 0.5 });
    expect(qs[6]).toMatchObject({
      pairs: [
        { prompt: 'cat', answer: 'meow' },
        { prompt: 'dog', answer: 'woof' },
      ],
    });
    expect(qs[7]).toMatchObject({
      stem: 'The cat {{1}} on the mat.',
      blanks: [{ id: '1', kind: 'choice', options: ['sat', 'stood', 'ran'], correct: 0 }],
    });
    expect(qs[8]).toMatchObject({
      stem: 'Water is {{1}} at room temperature.',
      blanks: [{ kind: 'text', accepted: ['H2O'] }],
    });
  });

  it('converts [html] text, answers and their feedback', () => {
    const result = parse(
      '[html]<p>Choose <b>one</b></p>{=<p>yes</p>#<i>Right!</i> ~no &amp; never#Wrong}',
    );
    expect(result.items[0]?.content).toMatchObject({
      stem: 'Choose **one**',
      options: [
        { text: 'yes', feedback: '*Right!*' },
        { text: 'no & never', feedback: 'Wrong' },
      ],
    });
    expect(result.warnings).toEqual([]);
  });

  it('names the item and line of schema errors', () => {
    const eleven = 'abcdefghijk'.split('').map((o, i) => (i === 0 ? `=${o}` : `~${o}`));
    const result = parse(
      `// first\nOne?{T}\n\n\n// second\nToo many?{\n${eleven.join('\n')}\n}\n\nOnly wrong?{~a ~b}`,
    );
    expect(result.total).toBe(3);
    expect(result.items).toHaveLength(1);
    expect(result.errors).toEqual([
      { item: 2, line: 6, message: expect.stringMatching(/^Question 2 \(line 6\): options: .*10/) },
      {
        item: 3,
        line: 20,
        message: 'Question 3 (line 20): options: at least one option must be correct',
      },
    ]);
  });

  it('reports a single-choice error with the issue path', () => {
    const result = parse('\n\nQ1{T}\n\nPick.{~a ~b ~c}');
    expect(result.errors[0]?.message).toBe(
      'Question 2 (line 5): options: at least one option must be correct',
    );
  });

  it('names the line of syntax errors and reports a description without counting it', () => {
    const result = parse('Fine?{T}\n\nBroken {\n=a\n~b\n\nNo answers here\n\nStray } brace {T}');
    expect(result.total).toBe(3);
    expect(result.errors).toEqual([
      {
        item: 2,
        line: 3,
        message: 'Question 2 (line 3): the answer block opened with { is not closed with }',
      },
      {
        item: 3,
        line: 9,
        message: 'Question 3 (line 9): unexpected }: write \\} for a literal brace',
      },
    ]);
    expect(result.warnings).toEqual([
      { line: 7, message: `Line 7: A description ${NO_QUESTION_AFTER}` },
    ]);
  });
});

describe('serializeGift', () => {
  it('warns about what GIFT cannot carry, never dropping silently', () => {
    const ordering = fixtures.find((q) => q.type === 'ordering');
    const out = serializeGift([ordering!, ...richFixtures]);
    expect(out.warnings.map((w) => w.message)).toEqual([
      'Question 1: GIFT has no ordering questions; skipped',
      'Question 2: GIFT holds only one blank per question; skipped',
      'Question 3: the unit (cm) is not kept',
      'Question 4: case-sensitive matching is not kept',
      'Question 4: exact white-space matching is not kept',
      'Question 6: the rubric is not kept',
      'Question 6: the model answer is not kept',
    ]);
    const back = parseGift(out.body);
    expect(back.items.map((i) => i.content.type)).toEqual([
      'numeric',
      'short_text',
      'true_false',
      'essay',
    ]);
    expect(back.items[2]?.content.points).toBe(2.5);
  });

  it('reports licence, attribution and images it cannot carry', () => {
    const q = {
      ...fixtures[2]!,
      licence: 'CC0',
      stem: `Look: ![x](media:${'a'.repeat(64)})`,
      media: ['a'.repeat(64)],
    };
    expect(serializeGift([q]).warnings.map((w) => w.message)).toEqual([
      'Question 1: licence and attribution are not kept',
      'Question 1: media files are not included; their media: references work only where the files already exist',
    ]);
  });
});

describe('links in HTML text', () => {
  it('keeps a link to a recording or page on the web, and only the text of a relative one', () => {
    const result = parse(
      '::Greeting::[html]<a href\\="https\\://example.org/media/bonjour.mp3">Listen [slowly]\\:</a><br />Which language?{~English =French}\n\n' +
        '::Local::[html]See <a href\\="notes.html">the notes</a> or <a href\\="mailto\\:help@example.org">ask</a>.{T}',
    );
    expect(result.items.map((i) => i.content.stem)).toEqual([
      '[Listen \\[slowly\\]:](https://example.org/media/bonjour.mp3)\nWhich language?',
      'See the notes or [ask](mailto:help@example.org).',
    ]);
  });
});
