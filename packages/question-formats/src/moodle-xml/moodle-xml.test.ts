import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { fixtures, imageFixture, PNG, PNG_SHA, richFixtures } from '../testing/fixtures';
import { parseMoodleXml } from './parse';
import { serializeMoodleXml } from './serialize';

const parse = (text: string) => parseMoodleXml(new TextEncoder().encode(text));

const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category">
    <category><text>$course$/top/Science/Chemistry</text></category>
  </question>
  <question type="multichoice">
    <name><text>Q1</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which is a <strong>noble</strong> gas?</p><p>Pick one.<br>Only one.</p><p><img src="@@PLUGINFILE@@/gas.png" alt="gas"></p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Neon &amp; friends.</p>]]></text></generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[<p>Neon</p>]]></text><feedback><text>Yes</text></feedback></answer>
    <answer fraction="0" format="html"><text>Oxygen</text></answer>
    <tags><tag><text>gases</text></tag></tags>
  </question>
  <question type="description">
    <questiontext format="html"><text>Just text</text></questiontext>
  </question>
  <question type="shortanswer">
    <questiontext format="html"><text>Symbol of sodium?</text></questiontext>
    <usecase>1</usecase>
    <answer fraction="100"><text>Na</text></answer>
  </question>
  <question type="numerical">
    <questiontext format="html"><text>Boiling point of water?</text></questiontext>
    <answer fraction="100"><text>100</text><tolerance>0.5</tolerance></answer>
    <units><unit><multiplier>1</multiplier><unit_name>°C</unit_name></unit></units>
  </question>
  <question type="multianswer">
    <questiontext format="html"><text><![CDATA[<p>{1:SHORTANSWER:=Paris~=paris} is the capital of {1:MULTICHOICE:Spain~=France~Italy}.</p>]]></text></questiontext>
  </question>
  <question type="essay">
    <questiontext format="html"><text>Write an essay.</text></questiontext>
  </question>
  <question type="truefalse">
    <questiontext format="html"><text>Gold is a metal.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>`;

describe('parseMoodleXml', () => {
  it('reads Moodle questions, converting HTML and keeping categories as topics', () => {
    const result = parse(MOODLE);
    expect(result.total).toBe(6);
    expect(result.items.map((i) => [i.item, i.line, i.content.type])).toEqual([
      [1, 6, 'single_choice'],
      [2, 19, 'short_text'],
      [3, 24, 'numeric'],
      [4, 29, 'cloze'],
      [5, 32, 'essay'],
      [6, 35, 'true_false'],
    ]);
    const [choice, short, numeric, cloze] = result.items.map((i) => i.content);
    expect(choice).toMatchObject({
      stem: 'Which is a **noble** gas?\n\nPick one.\nOnly one.\n\ngas',
      explanation: 'Neon & friends.',
      topic: 'Chemistry',
      points: 2,
      tags: ['gases'],
      options: [
        { text: 'Neon', correct: true, feedback: 'Yes' },
        { text: 'Oxygen', correct: false },
      ],
    });
    expect(short).toMatchObject({ accepted: ['Na'], caseSensitive: true });
    expect(numeric).toMatchObject({ value: 100, tolerance: 0.5, unit: '°C' });
    expect(cloze).toMatchObject({
      stem: '{{1}} is the capital of {{2}}.',
      blanks: [
        { id: '1', kind: 'text', accepted: ['Paris', 'paris'] },
        { id: '2', kind: 'choice', options: ['Spain', 'France', 'Italy'], correct: 1 },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Question 1 (line 6): the image gas.png is not in the file and is dropped',
      'Line 16: A description is imported as a passage leading questions 2–6 (each question after it, up to the next description or category)',
    ]);
    // The description becomes a passage of every question after it in the category.
    expect(result.passages).toEqual([
      { line: 16, content: { title: 'Just text', body: 'Just text', media: [] } },
    ]);
    expect(result.items.map((i) => i.passage)).toEqual([undefined, 0, 0, 0, 0, 0]);
  });

  it('ends a description’s group at the next description or category, and warns about an empty one', () => {
    const q = (type: string, body: string, name = '') =>
      `<question type="${type}"><name><text>${name}</text></name><questiontext format="html"><text>${body}</text></questiontext>${type === 'truefalse' ? '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>' : ''}</question>`;
    const category = `<question type="category"><category><text>$course$/Next</text></category></question>`;
    const result = parse(
      `<quiz>${q('description', '&lt;p&gt;Read &lt;b&gt;this&lt;/b&gt;.&lt;/p&gt;', 'First')}${q('truefalse', 'A?')}${q('truefalse', 'B?')}${q('description', 'Second text')}${q('truefalse', 'C?')}${q('description', 'Lonely')}${category}${q('truefalse', 'D?')}</quiz>`,
    );
    expect(result.passages?.map((p) => [p.content.title, p.content.body])).toEqual([
      ['First', 'Read **this**.'],
      ['Second text', 'Second text'],
    ]);
    expect(result.items.map((i) => i.passage)).toEqual([0, 0, 1, undefined]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Line 1: The description "First" is imported as a passage leading questions 1–2 (each question after it, up to the next description or category)',
      'Line 1: A description is imported as a passage leading question 3 (each question after it, up to the next description or category)',
      'Line 1: A description is followed by no imported question, so it is not imported as a passage',
    ]);
  });

  it('names the line of XML syntax errors', () => {
    const result = parse(
      '<?xml version="1.0"?>\n<quiz>\n  <question type="truefalse">\n    <questiontext><text>x</questiontext>\n</quiz>',
    );
    expect(result.items).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.line).toBe(4);
    expect(result.errors[0]?.message).toMatch(/^Line 4: /);
  });

  it('names item and line of schema errors', () => {
    const result = parse(`<quiz>
<question type="multichoice"><questiontext><text>Pick</text></questiontext><single>false</single>
<answer fraction="0"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question>
</quiz>`);
    expect(result.errors).toEqual([
      {
        item: 1,
        line: 2,
        message: 'Question 1 (line 2): options: at least one option must be correct',
      },
    ]);
  });

  const trueFalse = (html: string) =>
    parse(
      `<quiz><question type="truefalse"><questiontext><text><![CDATA[${html}]]></text></questiontext><answer fraction="100"><text>true</text></answer></question></quiz>`,
    );

  it('converts HTML lists', () => {
    const result = trueFalse('<ol><li>one</li><li>two<ul><li>nested</li></ul></li></ol>');
    expect(result.items[0]?.content.stem).toBe('1. one\n\n2. two\n\n  - nested');
  });

  it('reads hostile HTML in linear time', () => {
    const result = trueFalse('<a b="'.repeat(200_000));
    expect(result.errors.map((e) => e.message)).toEqual([
      'Question 1 (line 1): stem: Too big: expected string to have <=10000 characters',
    ]);
  });

  it('refuses a document that is not Moodle XML', () => {
    expect(parse('<html></html>').errors[0]?.message).toMatch(/root must be <quiz>/);
  });
});

const question = (type: string, body: string, name = 'Q') =>
  `<question type="${type}"><name><text>${name}</text></name>${body}</question>`;
const stem = (html: string) =>
  `<questiontext format="html"><text><![CDATA[${html}]]></text></questiontext>`;
const answer = (fraction: number | string, text: string) =>
  `<answer fraction="${fraction}"><text><![CDATA[${text}]]></text></answer>`;
const quiz = (...questions: string[]) => parse(`<quiz>${questions.join('')}</quiz>`);
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('parseMoodleXml: what Moodle itself reads', () => {
  it('reads the type names Moodle writes (matching, cloze) and the plugin names (match, multianswer)', () => {
    const pairs = `<subquestion><text>cat</text><answer><text>mammal</text></answer></subquestion>
      <subquestion><text>frog</text><answer><text>amphibian</text></answer></subquestion>`;
    const result = quiz(
      question('match', stem('Classify') + pairs),
      question('matching', stem('Classify') + pairs),
      question('cloze', stem('Paris is in {1:MC:=France~Spain}.')),
      question('multianswer', stem('Paris is in {:SA:=France}.')),
    );
    expect(result.items.map((i) => i.content.type)).toEqual([
      'matching',
      'matching',
      'cloze',
      'cloze',
    ]);
  });

  it('lets <single> decide: missing means single, false or 0 means multiple', () => {
    const options = answer(100, 'a') + answer(0, 'b');
    const result = quiz(
      question('multichoice', stem('No element') + options),
      question(
        'multichoice',
        stem('Zero') + '<single>0</single>' + answer(50, 'a') + answer(50, 'b'),
      ),
      question('multichoice', stem('False') + '<single>false</single>' + options),
    );
    expect(result.items.map((i) => i.content.type)).toEqual([
      'single_choice',
      'multiple_response',
      'multiple_response',
    ]);
  });

  it('keeps the partial credit and penalties of a single-answer question as option credits', () => {
    const result = quiz(
      question(
        'multichoice',
        stem('Pick') + answer(100, 'right') + answer(50, 'half') + answer('-33.33333', 'wrong'),
      ),
    );
    expect(result.items[0]?.content).toMatchObject({
      type: 'single_choice',
      options: [
        { text: 'right', correct: true },
        { text: 'half', correct: false, credit: 0.5 },
        { text: 'wrong', correct: false, credit: -0.3333333 },
      ],
    });
    expect(messages(result.warnings)).toEqual([]);
  });

  it('keeps uneven multiple-answer fractions, and drops ones that miss 100 % with a warning', () => {
    const multi = (...answers: string[]) =>
      question('multichoice', stem('Pick') + '<single>false</single>' + answers.join(''));
    const result = quiz(
      multi(answer(75, 'a'), answer(25, 'b'), answer(-50, 'c'), answer(0, 'd')) +
        multi(answer(50, 'a'), answer(50, 'b'), answer(-50, 'c'), answer(-50, 'd')) +
        multi(answer(50, 'a'), answer(40, 'b'), answer(-100, 'c')),
    );
    const credits = result.items.map((i) =>
      i.content.type === 'multiple_response' ? i.content.options.map((o) => o.credit) : [],
    );
    expect(credits).toEqual([
      [0.75, 0.25, -0.5, 0],
      // Questa's defaults: no credits needed.
      [undefined, undefined, undefined, undefined],
      [undefined, undefined, undefined],
    ]);
    expect(messages(result.warnings)).toEqual([
      'Question 3 (line 1): partial-credit weights that do not add up to 100 % are dropped: "a" (50 %), "b" (40 %) all count as correct',
    ]);
  });

  it('keeps a single-answer question with two fully correct answers, the second at full credit', () => {
    const result = quiz(
      question(
        'multichoice',
        stem('Pick') + answer(100, 'a') + answer(100, 'b') + answer(0, 'c'),
        'Twice',
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.items[0]?.content).toMatchObject({
      type: 'single_choice',
      options: [
        { text: 'a', correct: true },
        { text: 'b', correct: false, credit: 1 },
        { text: 'c', correct: false },
      ],
    });
    expect(messages(result.warnings)).toEqual([
      'Question 1 (line 1): "b" is fully right too, as in Moodle: choosing it scores full marks, and "a" is shown as the answer',
    ]);
  });

  it('refuses the types Questa lacks with a warning naming the type and the question', () => {
    const described = quiz(question('description', stem('Read this first'), 'Intro'));
    expect(described.total).toBe(0);
    expect(messages(described.warnings)).toEqual([
      'Line 1: The description "Intro" is followed by no imported question, so it is not imported as a passage',
    ]);
    const types = ['calculatedmulti', 'ddmarker', 'ddimageortext', 'randomsamatch'];
    const result = quiz(...types.map((t) => question(t, stem('x'), `My ${t}`)));
    expect(result.total).toBe(types.length);
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(messages(result.warnings)).toEqual(
      types.map(
        (t, i) =>
          `Question ${i + 1} (line 1): "My ${t}" (${t}) is skipped: Questa has no "${t}" questions`,
      ),
    );
  });

  it('reads an essay: information for graders as the rubric, word limits, and what it drops', () => {
    const result = quiz(
      question(
        'essay',
        stem('Discuss <b>entropy</b>.') +
          '<defaultgrade>4</defaultgrade><responseformat>editor</responseformat>' +
          '<minwordlimit>50</minwordlimit><maxwordlimit>300</maxwordlimit>' +
          '<attachments>2</attachments>' +
          '<graderinfo format="html"><text><![CDATA[<p>Mentions the <em>second law</em>.</p>]]></text></graderinfo>' +
          '<responsetemplate format="html"><text>Entropy is …</text></responsetemplate>',
        'Entropy',
      ),
      question(
        'essay',
        stem('Upload your lab report.') + '<responseformat>noinline</responseformat>',
        'Report',
      ),
    );
    expect(result.items.map((i) => i.content)).toEqual([
      expect.objectContaining({
        type: 'essay',
        stem: 'Discuss **entropy**.',
        points: 4,
        rubric: 'Mentions the *second law*.',
        modelAnswer: '',
        minWords: 50,
        maxWords: 300,
      }),
    ]);
    expect(messages(result.warnings)).toEqual([
      'Question 1 (line 1): attached files are not kept: learners answer in text',
      'Question 1 (line 1): the response template is dropped: learners start from an empty answer',
      'Question 2 (line 1): "Report" (essay) is skipped: it is answered only with attached files, and Questa essays are typed',
    ]);
  });

  it('drops short-answer wildcards with a warning and keeps partial credit', () => {
    const result = quiz(
      question(
        'shortanswer',
        stem('Amphibian?') +
          answer(100, 'frog') +
          answer(80, 'toad') +
          answer(100, 'newt*') +
          answer(0, '*'),
      ),
      question('shortanswer', stem('Anything') + answer(100, '*'), 'Any'),
      question('shortanswer', stem('Star') + answer(100, 'a\\*b')),
    );
    expect(result.items.map((i) => i.content)).toMatchObject([
      { accepted: ['frog', 'toad'], credits: [1, 0.8] },
      { accepted: ['a*b'] },
    ]);
    expect(result.items[1]?.content).not.toHaveProperty('credits');
    expect(messages(result.warnings)).toEqual([
      'Question 1 (line 1): the * wildcard answers "newt*" are dropped; Questa matches answers literally',
      'Question 2 (line 1): "Any" (shortanswer) is skipped: it accepts only * wildcard answers ("*"), which Questa cannot match',
    ]);
  });
});

describe('parseMoodleXml: texts', () => {
  it('keeps the line breaks of moodle_auto_format text and the hints that say something', () => {
    const result = quiz(
      question(
        'truefalse',
        '<questiontext format="moodle_auto_format"><text>First line\nsecond line</text></questiontext>' +
          answer(100, 'true') +
          '<hint format="html"><text>Think again</text></hint><hint format="html"><text></text></hint>',
      ),
    );
    expect(result.items[0]?.content.stem).toBe('First line\nsecond line');
    expect(result.items[0]?.content.hints).toEqual(['Think again']);
    expect(messages(result.warnings)).toEqual([]);
  });
});

describe('parseMoodleXml: math', () => {
  it('turns MathJax delimiters into $…$ and $$…$$ in stems, options and feedback', () => {
    const result = quiz(
      question(
        'multichoice',
        stem('<p>Solve \\( x^2 = 4 \\) where</p><p>\\[ x > 0 \\]</p>') +
          answer(100, '\\(2\\)') +
          answer(0, '\\(-2\\)') +
          '<generalfeedback format="html"><text>Since \\(\\sqrt{4} = 2\\).</text></generalfeedback>',
      ),
    );
    expect(result.items[0]?.content).toMatchObject({
      stem: 'Solve $x^2 = 4$ where\n\n$$x > 0$$',
      options: [{ text: '$2$' }, { text: '$-2$' }],
      explanation: 'Since $\\sqrt{4} = 2$.',
    });
  });

  it('leaves escaped backslashes, unclosed delimiters and code alone', () => {
    const result = quiz(
      question(
        'truefalse',
        stem(
          '<p>A \\\\(not math\\\\) and \\( open</p><p><code>printf("\\(x\\)")</code></p><pre>\\[raw\\]</pre>',
        ) + answer(100, 'true'),
      ),
    );
    expect(result.items[0]?.content.stem).toBe(
      'A \\\\(not math\\\\) and \\( open\n\n`printf("\\(x\\)")`\n\n```\n\\[raw\\]\n```',
    );
  });

  it('converts math inside cloze answers', () => {
    const result = quiz(question('cloze', stem('\\(x\\) is {1:MC:=\\(2\\)~\\(3\\)}')));
    expect(result.items[0]?.content).toMatchObject({
      stem: '$x$ is {{1}}',
      blanks: [{ kind: 'choice', options: ['$2$', '$3$'], correct: 0 }],
    });
  });
});

describe('parseMoodleXml: files and links', () => {
  it('keeps external links, and names what it cannot store', () => {
    const result = quiz(
      question(
        'truefalse',
        stem(
          '<p><a href="https://example.org/bonjour.mp3">Listen</a>, <a href="https://example.org/">read</a>, ' +
            '<a href="@@PLUGINFILE@@/clip.mp4">watch</a>, <a href="/mod/page/view.php?id=4">page</a></p>' +
            '<audio controls><source src="@@PLUGINFILE@@/hello.ogg"></audio>' +
            '<video src="https://example.org/v.webm"></video>' +
            '<img src="https://example.org/map.png" alt="map">',
        ) + answer(100, 'true'),
      ),
    );
    expect(result.items[0]?.content.stem).toBe(
      '[Listen](https://example.org/bonjour.mp3), [read](https://example.org/), watch, page\n\n' +
        '[https://example.org/v.webm](https://example.org/v.webm)[map](https://example.org/map.png)',
    );
    expect(messages(result.warnings)).toEqual([
      'Question 1 (line 1): the audio file at https://example.org/bonjour.mp3 is not stored in Questa; a link to it is kept',
      'Question 1 (line 1): the linked video clip.mp4 cannot be stored in Questa and is dropped; the link text is kept',
      'Question 1 (line 1): the link to /mod/page/view.php?id=4 points into the Moodle site and is dropped; its text is kept',
      'Question 1 (line 1): the audio file hello.ogg cannot be stored in Questa and is dropped',
      'Question 1 (line 1): the video at https://example.org/v.webm is not stored in Questa; a link to it is kept',
      'Question 1 (line 1): the image at https://example.org/map.png is not stored in Questa; a link to it is kept',
    ]);
  });

  it('keeps no files of questions it skips', () => {
    const png = Buffer.from(PNG).toString('base64');
    const result = quiz(
      question(
        'calculated',
        '<questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/a.png">]]></text>' +
          `<file name="a.png" encoding="base64">${png}</file></questiontext>`,
      ),
    );
    expect(result.media).toEqual([]);
  });

  it('keeps Moodle 1.9 images and data: images as media, and warns about a 1.9 image left out', () => {
    const png = Buffer.from(PNG).toString('base64');
    const result = quiz(
      question(
        'truefalse',
        stem('Old') +
          `<image>pic.png</image><image_base64>${png}</image_base64>` +
          answer(100, 'true'),
      ),
      question(
        'truefalse',
        stem(`Inline <img src="data:image/png;base64,${png}" alt="dot">`) + answer(100, 'true'),
      ),
      question('truefalse', stem('Lost') + '<image>course/pic.gif</image>' + answer(100, 'true')),
    );
    expect(result.items.map((i) => i.content.stem)).toEqual([
      `Old\n\n![](media:${PNG_SHA})`,
      `Inline ![dot](media:${PNG_SHA})`,
      'Lost',
    ]);
    expect(result.items[0]?.content.media).toEqual([PNG_SHA]);
    expect(result.media).toEqual([
      { path: `${PNG_SHA}.png`, bytes: PNG, contentType: 'image/png' },
    ]);
    expect(messages(result.warnings)).toEqual([
      'Question 3 (line 1): the image course/pic.gif is not in the file and is dropped',
    ]);
  });
});

describe('parseMoodleXml: cloze', () => {
  const cloze = (text: string, name = 'C') => quiz(question('cloze', stem(text), name));

  it('reads every single-answer menu and short-answer form', () => {
    const result = cloze(
      '{1:MCV:=a~b} {1:MCH:a~=b} {1:MCS:=a~b} {1:MULTICHOICE_VS:=a~b} {2:SAC:=Paris} {:MW:=x\\}y~=p\\#q}',
    );
    expect(result.items[0]?.content).toMatchObject({
      stem: '{{1}} {{2}} {{3}} {{4}} {{5}} {{6}}',
      blanks: [
        { kind: 'choice', correct: 0 },
        { kind: 'choice', correct: 1 },
        { kind: 'choice', correct: 0 },
        { kind: 'choice', correct: 0 },
        { kind: 'text', accepted: ['Paris'], caseSensitive: true },
        { kind: 'text', accepted: ['x}y', 'p#q'], caseSensitive: false },
      ],
    });
    expect(messages(result.warnings)).toEqual([
      "Question 1 (line 1): the blanks' different weights are not kept; every blank counts the same",
    ]);
  });

  it('reads an entity-encoded } # or ~ inside an answer as a character, as Moodle does', () => {
    const result = cloze('{1:MC:=C&#35;~F&#x23;~a&#126;b~x&rcub;} and {1:SA:=it&#039;s}');
    expect(result.items[0]?.content).toMatchObject({
      blanks: [
        { kind: 'choice', options: ['C#', 'F#', 'a~b', 'x}'], correct: 0 },
        { kind: 'text', accepted: ["it's"] },
      ],
    });
  });

  it('drops * wildcard answers of a short-answer blank, and skips a blank that has only those', () => {
    const some = cloze('{1:SA:=colo*r~=colour~*#any other}');
    expect(some.items[0]?.content).toMatchObject({ blanks: [{ accepted: ['colour'] }] });
    expect(messages(some.warnings)).toEqual([
      'Question 1 (line 1): feedback on single answers is not kept',
      'Question 1 (line 1): blank 1: the * wildcard answers "colo*r" are dropped; Questa matches answers literally',
    ]);
    const only = cloze('{1:SA:=*}', 'Star');
    expect(messages(only.warnings)).toEqual([
      'Question 1 (line 1): "Star" (cloze) is skipped: blank 1 accepts only * wildcard answers ("*"), which Questa cannot match',
    ]);
  });

  it('keeps an exact numeric blank as text and refuses one with a tolerance', () => {
    const exact = cloze('{1:NM:=3} apples');
    expect(exact.items[0]?.content).toMatchObject({ blanks: [{ kind: 'text', accepted: ['3'] }] });
    expect(messages(exact.warnings)).toEqual([
      'Question 1 (line 1): blank 1 is numeric; it becomes a text blank that accepts "3" as written',
    ]);
    const tolerant = cloze('{1:NM:=3:0.1}', 'Tol');
    expect(tolerant.items).toEqual([]);
    expect(messages(tolerant.warnings)).toEqual([
      'Question 1 (line 1): "Tol" (cloze) is skipped: blank 1 is numeric with a tolerance (3:0.1), which a Questa cloze blank cannot carry',
    ]);
  });

  it('refuses multiple-response menus and unknown embedded types, naming the blank', () => {
    const result = quiz(
      question('cloze', stem('{1:SA:=a} {1:MR:=a~=b~c}'), 'Multi'),
      question('cloze', stem('{1:RX:=a.*}'), 'Regex'),
    );
    expect(result.items).toEqual([]);
    expect(messages(result.warnings)).toEqual([
      'Question 1 (line 1): "Multi" (cloze) is skipped: blank 2 is a multiple-response menu (MR), which a Questa cloze blank cannot carry',
      'Question 2 (line 1): "Regex" (cloze) is skipped: blank 1 is of type RX, which Questa does not read',
    ]);
  });

  it('drops partial credit inside a menu with a warning and refuses a menu with two right answers', () => {
    const partial = cloze('{1:MC:=a~%50%b~c}');
    expect(partial.items[0]?.content).toMatchObject({
      blanks: [{ options: ['a', 'b', 'c'], correct: 0 }],
    });
    expect(messages(partial.warnings)).toEqual([
      'Question 1 (line 1): blank 1: partial credit is dropped for "b" (50 %); only fully correct answers count',
    ]);
    const twice = cloze('{1:MC:=a~=b}', 'Two');
    expect(messages(twice.warnings)).toEqual([
      'Question 1 (line 1): "Two" (cloze) is skipped: blank 1 has 2 fully correct choices ("a" (100 %), "b" (100 %)); a Questa choice blank has one',
    ]);
  });
});

describe('serializeMoodleXml', () => {
  it('carries everything, packing images as base64 files', () => {
    const out = serializeMoodleXml(
      [...fixtures, ...richFixtures, imageFixture],
      [{ sha256: PNG_SHA, contentType: 'image/png', bytes: PNG }],
    );
    expect(out.warnings).toEqual([]);
    const back = parseMoodleXml(out.body);
    expect(back.items.at(-1)?.content).toEqual(imageFixture);
    expect(back.media).toEqual([{ path: `${PNG_SHA}.png`, bytes: PNG, contentType: 'image/png' }]);
  });

  it('writes }, # and ~ in cloze answers so that Moodle and Questa read them back', () => {
    const q: QuestionContent = {
      ...(richFixtures[0] as Extract<QuestionContent, { type: 'cloze' }>),
      stem: 'Pick {{1}} or type {{2}}',
      blanks: [
        { id: '1', kind: 'choice', options: ['a~b', 'c#d'], correct: 1 },
        { id: '2', kind: 'text', accepted: ['x}y'], caseSensitive: false },
      ],
    };
    const body = new TextDecoder().decode(serializeMoodleXml([q]).body);
    expect(body).toContain('{1:MULTICHOICE:a&amp;#126;b~=c\\#d}');
    expect(body).toContain('{1:SHORTANSWER:=x\\}y}');
    expect(parseMoodleXml(serializeMoodleXml([q]).body).items[0]?.content).toEqual(q);
  });

  it('warns when an image file was not supplied', () => {
    const out = serializeMoodleXml([imageFixture]);
    expect(out.warnings.map((w) => w.message)).toEqual([
      'Question 1: media files are not included; their media: references work only where the files already exist',
    ]);
  });
});
