import { describe, expect, it } from 'vitest';
import { parse, type GIFTQuestion } from 'gift-pegjs';
import type { QuestionContent } from '@questa/contracts';
import { fixtures, richFixtures } from '../testing/fixtures';
import { serializeGift } from './serialize';

// What Questa writes must read the same in a GIFT reader nobody at Questa wrote: gift-pegjs
// (MIT, from the npm registry), a parser generated from the published GIFT grammar. Each question
// is compared in a shape both sides can be brought to: its kind, stem, key and explanation.

interface Reading {
  kind: string;
  stem: string;
  key: unknown;
  explanation: string | null;
}

/** What a faithful reader should find for a question Questa exports to GIFT. */
function expected(q: QuestionContent): Reading | undefined {
  const common = { stem: q.stem, explanation: q.explanation ?? null };
  switch (q.type) {
    case 'single_choice':
      return {
        ...common,
        kind: 'MC',
        key: q.options.map((o) => [o.text, o.correct ? 'right' : 'wrong']),
      };
    case 'multiple_response':
      return {
        ...common,
        kind: 'MC',
        key: q.options.map((o) => [o.text, o.correct ? 'right' : 'wrong']),
      };
    case 'true_false':
      return { ...common, kind: 'TF', key: q.answer };
    case 'short_text':
      return { ...common, kind: 'Short', key: q.accepted };
    case 'numeric':
      return { ...common, kind: 'Numerical', key: [q.value, q.tolerance] };
    case 'matching':
      return { ...common, kind: 'Matching', key: q.pairs.map((p) => [p.prompt, p.answer]) };
    case 'cloze': {
      // GIFT carries one blank, as a missing word; the rest is not exported (and warned about).
      const [blank, ...others] = q.blanks;
      if (!blank || others.length > 0) return undefined;
      const stem = q.stem.replace(`{{${blank.id}}}`, '_____');
      return blank.kind === 'text'
        ? { ...common, stem, kind: 'Short', key: blank.accepted }
        : {
            ...common,
            stem,
            kind: 'MC',
            key: blank.options.map((o, i) => [o, i === blank.correct ? 'right' : 'wrong']),
          };
    }
    case 'ordering':
      return undefined;
    // gift-pegjs reads no general feedback on an essay; the rest must match.
    case 'essay':
      return { ...common, kind: 'Essay', key: null, explanation: null };
  }
}

/** What gift-pegjs read, in the same shape; a positive weight counts as part of the key. */
function reading(q: GIFTQuestion): Reading | undefined {
  if (q.type === 'Category' || q.type === 'Description') return undefined;
  const explanation = q.type === 'Essay' ? null : (q.globalFeedback?.text ?? null);
  const common = { kind: q.type, stem: q.stem.text, explanation };
  switch (q.type) {
    case 'MC':
      return {
        ...common,
        key: q.choices.map((c) => [
          c.text.text,
          c.isCorrect || (c.weight ?? 0) > 0 ? 'right' : 'wrong',
        ]),
      };
    case 'TF':
      return { ...common, key: q.isTrue };
    case 'Short':
      return { ...common, key: q.choices.map((c) => c.text.text) };
    case 'Numerical': {
      const [choice] = Array.isArray(q.choices) ? q.choices.map((c) => c.text) : [q.choices];
      return { ...common, key: [choice?.number, choice?.range ?? 0] };
    }
    case 'Matching':
      return { ...common, key: q.matchPairs.map((p) => [p.subquestion.text, p.subanswer]) };
    default:
      return { ...common, key: null };
  }
}

describe('GIFT that Questa writes, read by an independent reader (gift-pegjs)', () => {
  const questions = [...fixtures, ...richFixtures];
  const exported = questions.filter((q) => expected(q) !== undefined);
  const text = new TextDecoder().decode(serializeGift(questions).body);

  it('parses the whole export without a syntax error', () => {
    expect(() => parse(text)).not.toThrow();
  });

  it('reads every exported question with the same kind, stem, key and explanation', () => {
    const read = parse(text).flatMap((q) => reading(q) ?? []);
    expect(read).toEqual(exported.map(expected));
    // Every type GIFT can carry is in the comparison.
    expect(new Set(exported.map((q) => q.type))).toEqual(
      new Set([
        'single_choice',
        'multiple_response',
        'true_false',
        'short_text',
        'numeric',
        'matching',
        'cloze',
        'essay',
      ]),
    );
  });

  it('reads a cloze whose blank opens the sentence, as Questa now writes it', () => {
    const opening: QuestionContent = {
      ...fixtures[0]!,
      type: 'cloze',
      stem: '{{1}} is the capital of France.',
      blanks: [{ id: '1', kind: 'text', accepted: ['Paris'], caseSensitive: false }],
    };
    const [question] = parse(new TextDecoder().decode(serializeGift([opening]).body)).filter(
      (q) => q.type !== 'Category',
    );
    expect(question && reading(question)).toMatchObject({
      kind: 'Short',
      key: ['Paris'],
      stem: expect.stringContaining('is the capital of France.'),
    });
  });
});
