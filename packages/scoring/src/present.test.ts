import { describe, expect, it } from 'vitest';
import { learnerQuestion } from '@questa/contracts';
import { grade } from './grade';
import { correctAnswer } from './correct-answer';
import { presentQuestion, stemExcerpt } from './present';
import { question } from './test-fixtures';

const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('presentQuestion', () => {
  it('never sends the key of a choice question', () => {
    const content = question('single_choice', {
      options: [
        { id: 'a', text: 'Paris', correct: true },
        { id: 'b', text: 'Lyon', correct: false },
      ],
    });
    const shown = presentQuestion(content, Math.random);
    expect(JSON.stringify(shown)).not.toContain('correct');
    expect(learnerQuestion.parse(shown)).toEqual(shown);
    expect(shown).toMatchObject({ options: [{ id: 'a' }, { id: 'b' }] });
  });

  it('shuffles ordering items so the authored order never shows', () => {
    const content = question('ordering', {
      items: [
        { id: '1', text: 'one' },
        { id: '2', text: 'two' },
        { id: '3', text: 'three' },
      ],
    });
    for (let run = 0; run < 20; run++) {
      const shown = presentQuestion(content, Math.random);
      if (shown.type !== 'ordering') throw new Error('wrong type');
      expect(shown.items.map((item) => item.id)).not.toEqual(['1', '2', '3']);
    }
    // A source that always "shuffles" back to the authored order still gets a different one.
    const stubborn = presentQuestion(content, seq(0.99));
    if (stubborn.type !== 'ordering') throw new Error('wrong type');
    expect(stubborn.items.map((item) => item.id)).not.toEqual(['1', '2', '3']);
  });

  it('offers every matching answer once, and hides which prompt it belongs to', () => {
    const content = question('matching', {
      pairs: [
        { id: 'p1', prompt: 'France', answer: 'Paris' },
        { id: 'p2', prompt: 'Belgium', answer: 'Brussels' },
        { id: 'p3', prompt: 'Belgique', answer: 'Brussels' },
      ],
    });
    const shown = presentQuestion(content, Math.random);
    if (shown.type !== 'matching') throw new Error('wrong type');
    expect([...shown.answers].sort()).toEqual(['Brussels', 'Paris']);
    expect(shown.prompts).toEqual([
      { id: 'p1', prompt: 'France' },
      { id: 'p2', prompt: 'Belgium' },
      { id: 'p3', prompt: 'Belgique' },
    ]);
  });

  it('keeps cloze choice options in order (answers name them by index) and hides text keys', () => {
    const content = question('cloze', {
      blanks: [
        { id: 'a', kind: 'text', accepted: ['secret'] },
        { id: 'b', kind: 'choice', options: ['x', 'y'], correct: 1 },
        { id: 'c', kind: 'text', accepted: ['other'] },
      ],
    });
    const shown = presentQuestion(content, Math.random);
    expect(JSON.stringify(shown)).not.toContain('secret');
    expect(shown).toMatchObject({ blanks: [{ kind: 'text' }, { options: ['x', 'y'] }, {}] });
  });

  it('gives a learner everything needed to answer correctly', () => {
    const content = question('numeric', { value: 9.81, tolerance: 0.01, unit: 'm/s²' });
    const shown = presentQuestion(content, Math.random);
    expect(shown).toMatchObject({ type: 'numeric', unit: 'm/s²' });
    expect(grade(content, correctAnswer(content))).toMatchObject({ ok: true, correct: true });
  });
});

describe('presentQuestion with credits, feedback and hints', () => {
  it('shows the hints but neither credits nor option feedback before the answer', () => {
    const content = question('multiple_response', {
      hints: ['Think of the inner planets.'],
      options: [
        { id: 'a', text: 'Mercury', correct: true, credit: 1, feedback: 'closest-secret' },
        { id: 'b', text: 'Pluto', correct: false, credit: -0.5 },
      ],
    });
    const shown = presentQuestion(content, Math.random);
    expect(learnerQuestion.parse(shown)).toMatchObject({
      hints: ['Think of the inner planets.'],
      options: [
        { id: 'a', text: 'Mercury' },
        { id: 'b', text: 'Pluto' },
      ],
    });
    expect(JSON.stringify(shown)).not.toMatch(/closest-secret|credit|-0\.5/);
  });

  it('adds no hints field to a question without hints', () => {
    const content = question('true_false', { answer: true });
    expect(presentQuestion(content, Math.random)).not.toHaveProperty('hints');
  });
});

describe('stemExcerpt', () => {
  it('takes the first line and cuts long ones at a word', () => {
    expect(stemExcerpt('Short one\nmore')).toBe('Short one');
    const long = `${'word '.repeat(50)}end`;
    const excerpt = stemExcerpt(long, 40);
    expect(excerpt.length).toBeLessThanOrEqual(41);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});
