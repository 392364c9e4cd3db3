import { describe, expect, it } from 'vitest';
import { parseMoodleXml } from './parse';
import { serializeMoodleXml } from './serialize';

const parse = (text: string) => parseMoodleXml(new TextEncoder().encode(text));
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

type Box = [text: string, group: number, infinite?: boolean];

function gapQuestion(
  type: 'gapselect' | 'ddwtos',
  text: string,
  boxes: Box[],
  extra = '<shuffleanswers>0</shuffleanswers>',
): string {
  const element = type === 'ddwtos' ? 'dragbox' : 'selectoption';
  const choices = boxes
    .map(
      ([t, g, infinite]) =>
        `<${element}><text><![CDATA[${t}]]></text><group>${g}</group>${infinite ? '<infinite/>' : ''}</${element}>`,
    )
    .join('');
  return `<question type="${type}"><name><text>Gaps</text></name><questiontext format="html"><text><![CDATA[${text}]]></text></questiontext>${extra}${choices}</question>`;
}

const quiz = (...questions: string[]) => parse(`<quiz>${questions.join('')}</quiz>`);

describe('Moodle gapselect and ddwtos as cloze questions with choice blanks', () => {
  it('gives each gap the choices of its group, with the right one where [[n]] points', () => {
    const result = quiz(
      gapQuestion('gapselect', '<p>[[3]] is to [[1]] as [[4]] is to [[1]].</p>', [
        ['cat', 1],
        ['dog', 1],
        ['kitten', 2],
        ['puppy', 2],
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({
      type: 'cloze',
      stem: '{{1}} is to {{2}} as {{3}} is to {{4}}.',
      blanks: [
        { id: '1', kind: 'choice', options: ['kitten', 'puppy'], correct: 0 },
        { id: '2', kind: 'choice', options: ['cat', 'dog'], correct: 0 },
        { id: '3', kind: 'choice', options: ['kitten', 'puppy'], correct: 1 },
        { id: '4', kind: 'choice', options: ['cat', 'dog'], correct: 0 },
      ],
    });
  });

  it('counts choices as Moodle stores them: empty ones are left out before [[n]] is read', () => {
    const result = quiz(
      gapQuestion('gapselect', 'Pick [[2]]', [
        ['one', 1],
        ['', 1],
        ['two', 1],
      ]),
    );
    expect(result.items[0]?.content).toMatchObject({
      blanks: [{ options: ['one', 'two'], correct: 1 }],
    });
  });

  it('lists a word once when a group repeats it, so either box counts as the right one', () => {
    const result = quiz(
      gapQuestion('ddwtos', '[[1]] cat sat on [[3]] mat', [
        ['the', 1],
        ['a', 1],
        ['the', 1],
      ]),
    );
    expect(result.items[0]?.content).toMatchObject({
      blanks: [
        { options: ['the', 'a'], correct: 0 },
        { options: ['the', 'a'], correct: 0 },
      ],
    });
  });

  it('shuffles by default, as Moodle does, into one fixed order that is not the key', () => {
    const result = quiz(
      gapQuestion(
        'gapselect',
        '[[1]] [[2]] [[3]]',
        [
          ['x', 1],
          ['y', 1],
          ['z', 1],
        ],
        '',
      ),
    );
    const blanks = result.items[0]?.content.type === 'cloze' ? result.items[0].content.blanks : [];
    const menus = blanks.map((b) => (b.kind === 'choice' ? b.options : []));
    expect(menus[0]).not.toEqual(['x', 'y', 'z']);
    expect([...(menus[0] ?? [])].sort()).toEqual(['x', 'y', 'z']);
    expect(menus).toEqual([menus[0], menus[0], menus[0]]);
    expect(blanks.map((b) => (b.kind === 'choice' ? b.options[b.correct] : ''))).toEqual([
      'x',
      'y',
      'z',
    ]);
    expect(messages(result.warnings)).toEqual([
      "Question 1 (line 1): Moodle shuffles each group's choices for every attempt; Questa shows them in one fixed shuffled order",
    ]);
  });

  it('warns about drag boxes used once only when a group fills more than one gap', () => {
    const oneGapPerGroup = quiz(
      gapQuestion('ddwtos', '[[1]] and [[3]]', [
        ['a', 1],
        ['b', 1],
        ['c', 2],
        ['d', 2],
      ]),
    );
    expect(oneGapPerGroup.items).toHaveLength(1);
    expect(oneGapPerGroup.warnings).toEqual([]);
    const unlimited = quiz(
      gapQuestion('ddwtos', '7 [[1]] 11 [[2]] 13 [[1]] 17 [[2]] 19 = 3', [
        ['+', 1, true],
        ['-', 1, true],
        ['*', 1, true],
      ]),
    );
    expect(unlimited.warnings).toEqual([]);
    expect(unlimited.items[0]?.content).toMatchObject({
      stem: '7 {{1}} 11 {{2}} 13 {{3}} 17 {{4}} 19 = 3',
      blanks: [{ correct: 0 }, { correct: 1 }, { correct: 0 }, { correct: 1 }],
    });
    // The same gaps in a gapselect question: menus may repeat a choice there too, so no warning.
    const menus = quiz(
      gapQuestion('gapselect', '[[1]] [[2]]', [
        ['a', 1],
        ['b', 1],
      ]),
    );
    expect(menus.warnings).toEqual([]);
  });

  it('keeps superscripts and subscripts as Unicode and names other formatting it drops', () => {
    const result = quiz(
      gapQuestion('ddwtos', 'Water is [[1]]', [
        ['H<sub>2</sub>O', 1],
        ['<b>CO</b><sub>2</sub>', 1],
        ['x<sup>a+b</sup>', 1],
      ]),
    );
    expect(result.items[0]?.content).toMatchObject({
      blanks: [{ options: ['H₂O', 'CO₂', 'xa+b'], correct: 0 }],
    });
    expect(messages(result.warnings)).toEqual([
      'Question 1 (line 1): the formatting of the choice "CO₂" is dropped; choices are text',
      'Question 1 (line 1): the formatting of the choice "xa+b" is dropped; choices are text',
    ]);
  });

  it('refuses, naming the question and its type, what a choice blank cannot hold', () => {
    const eleven = Array.from({ length: 11 }, (_, i): Box => [`w${i + 1}`, 1]);
    const result = quiz(
      gapQuestion('gapselect', 'Only [[1]] here', [
        ['alone', 1],
        ['other', 2],
      ]),
      gapQuestion('ddwtos', 'Pick [[2]]', eleven),
    );
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(messages(result.warnings)).toEqual([
      'Question 1 (line 1): "Gaps" (gapselect) is skipped: gap 1 ([[1]]) offers only one choice ("alone"); a Questa choice blank needs at least 2',
      'Question 2 (line 1): "Gaps" (ddwtos) is skipped: gap 1 ([[2]]) offers 11 choices; a Questa choice blank has at most 10',
    ]);
  });

  it('reports a gap that points at no choice, or a text without gaps, as broken', () => {
    const result = quiz(
      gapQuestion('gapselect', 'Pick [[3]]', [
        ['a', 1],
        ['b', 1],
      ]),
      gapQuestion('ddwtos', 'No gaps', [
        ['a', 1],
        ['b', 1],
      ]),
    );
    expect(result.items).toEqual([]);
    expect(messages(result.errors)).toEqual([
      'Question 1 (line 1): "Gaps" (gapselect): the gap [[3]] points at no choice; there are 2',
      'Question 2 (line 1): "Gaps" (ddwtos): it has no gaps ([[1]], [[2]] …) in its text',
    ]);
  });

  it('exports the imported question as a Moodle cloze that reads back the same', () => {
    const imported = quiz(
      gapQuestion('gapselect', 'The [[1]] sat on the [[2]].', [
        ['cat', 1],
        ['mat', 1],
        ['dog', 1],
      ]),
    ).items[0]?.content;
    if (!imported) throw new Error('the gapselect question was not imported');
    const exported = serializeMoodleXml([imported]);
    expect(exported.warnings).toEqual([]);
    expect(new TextDecoder().decode(exported.body)).toContain('{1:MULTICHOICE:=cat~mat~dog}');
    expect(parseMoodleXml(exported.body).items[0]?.content).toEqual(imported);
  });
});
