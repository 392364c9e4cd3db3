import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuestionContent } from '@questa/contracts';
import { READ_AS_WINDOWS_1252 } from '../shared/decode';
import { matchesSubset, sourcesIn } from '../testing/corpus-figures';
import { corpusFolder } from '../testing/shared-data';
import { parseAiken } from './parse';

const parse = (text: string) => parseAiken(new TextEncoder().encode(text));
const CORPUS = corpusFolder('aiken');
const corpusBytes = (name: string) => readFileSync(join(CORPUS ?? '', name));
const corpus = (name: string) => parseAiken(corpusBytes(name));
const summary = (q: QuestionContent) =>
  q.type === 'single_choice'
    ? { stem: q.stem, options: q.options.map((o) => (o.correct ? `*${o.text}` : o.text)) }
    : q.type;

describe('parseAiken', () => {
  it('reads single-choice questions with ) or . labels, and CRLF lines', () => {
    const result = parse(
      'Which is a prime?\r\nA. 4\r\nB. 7\r\nC. 9\r\nANSWER: B\r\n\r\nSky?\r\nA) Blue\r\nB) Green\r\nANSWER: A',
    );
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => [i.item, i.line, summary(i.content)])).toEqual([
      [1, 1, { stem: 'Which is a prime?', options: ['4', '*7', '9'] }],
      [2, 7, { stem: 'Sky?', options: ['*Blue', 'Green'] }],
    ]);
    expect(result.items[0]?.content).toMatchObject({
      topic: 'General',
      difficulty: 3,
      explanation: '',
      options: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
    });
  });

  it('names what it cannot read, where Moodle would drop it', () => {
    const result = parse(
      'Open question\nA) x\nB) y\n\nNext?\nA) a\nB) b\nANSWER: E\n\nLast?\nA) 1',
    );
    expect(result.total).toBe(3);
    expect(result.items).toEqual([]);
    expect(result.errors.map((e) => e.message)).toEqual([
      'Question 1 (line 1): no ANSWER: line before line 5 starts another question (an Aiken question is one line)',
      'Question 2 (line 5): ANSWER: names "E", which is not one of its options',
      'Question 3 (line 10): the file ends before its ANSWER: line',
    ]);
  });

  it('reads a file that is not UTF-8 as Windows-1252 and says so', () => {
    const bytes = Uint8Array.from([
      ...[...'Caf'].map((c) => c.charCodeAt(0)),
      0xe9,
      ...[...'?\nA) Oui\nB) Non\nANSWER: A'].map((c) => c.charCodeAt(0)),
    ]);
    const result = parseAiken(bytes);
    expect(result.items[0]?.content.stem).toBe('Café?');
    expect(result.warnings).toEqual([{ message: READ_AS_WINDOWS_1252 }]);
  });
});

// Moodle's own fixtures (corpus/aiken/SOURCES.md), with what Moodle's test says it reads.
const READS: Record<string, ReturnType<typeof summary>[]> = {
  'questions.aiken.txt': [
    {
      stem: 'The Moodle project was started by:',
      options: ['Petr Skoda', '*Martin Dougiamas', 'Eloy Lafuente', 'Tim Hunt'],
    },
    {
      stem: 'Moodle\'s abilities include handling user input that includes \\<html class="cool"> & images:',
      options: ['*True', 'False'],
    },
  ],
  'aiken_errors.txt': [
    { stem: 'A good question', options: ['*Correct', 'Incorrect'] },
    { stem: 'A second good question', options: ['Incorrect (No space)', '*Correct (No space)'] },
  ],
};

describe.skipIf(!CORPUS)('Aiken corpus: 2 files, 6 questions started, 4 that Moodle reads', () => {
  it("questions.aiken.txt: Moodle's two questions", () => {
    const result = corpus('questions.aiken.txt');
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => summary(i.content))).toEqual(READS['questions.aiken.txt']);
  });

  it('aiken_errors.txt: the two good questions, and each of the errors Moodle reports', () => {
    const result = corpus('aiken_errors.txt');
    expect(result.items.map((i) => summary(i.content))).toEqual(READS['aiken_errors.txt']);
    // Moodle: at least 2 answers (line 3), not started (lines 5 and 7), not completed (line 18).
    expect(result.errors.map((e) => e.message)).toEqual([
      'Question 1 (line 1): a question needs at least two options',
      'Line 5: an option comes before any question',
      'Line 7: an ANSWER: line comes before any question',
      'Question 3 (line 14): no ANSWER: line before line 18 starts another question (an Aiken question is one line)',
    ]);
  });

  it('reads all 4 questions Moodle reads, none silently wrong', ({ task }) => {
    const files = Object.keys(READS);
    const wanted = files.flatMap((name) => READS[name] ?? []);
    const read = files.flatMap((name) => corpus(name).items.map((i) => summary(i.content)));
    const correct = wanted.filter((want, index) => matchesSubset(read[index], want)).length;
    task.meta.corpusFigures = {
      format: 'Aiken',
      files: files.length,
      sources: sourcesIn(new TextDecoder().decode(corpusBytes('SOURCES.md'))),
      questions: wanted.length,
      holdable: wanted.length,
      correct,
      skipped: 0,
      silentlyWrong: Math.max(read.length, wanted.length) - correct,
      crashes: 0,
    };
    expect(correct).toBe(4);
    expect(read).toHaveLength(4);
  });
});

describe.skipIf(!CORPUS)('Aiken corpus, cut at every line', () => {
  it.each(['questions.aiken.txt', 'aiken_errors.txt'])('%s never throws', (name) => {
    const text = new TextDecoder().decode(corpusBytes(name));
    const lines = text.split('\n');
    for (let end = 0; end <= lines.length; end += 1) {
      const cut = lines.slice(0, end).join('\n');
      expect(() => parse(cut)).not.toThrow();
      expect(() => parse(cut.replace(/ANSWER: ([A-Z])/g, 'ANSWER: $1$1'))).not.toThrow();
    }
  });
});
