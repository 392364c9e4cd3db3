import { bankInput, questionContent, questionTypes } from '@questa/contracts';
import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { elements } from './banks/chemistry-data';
import { generateDemoContent } from './index';
import type { DemoQuestion } from './index';

const content = generateDemoContent();
const questions = content.banks.flatMap((bank) => bank.questions);
const parsed = (q: DemoQuestion): QuestionContent => questionContent.parse(q.content);
/**
 * Every bank has every type but two. Hotspot needs an uploaded image, and the demo content is
 * text, written once on first start, with no media. Essays wait for a person to score them
 * (decision 0017), and the demo banks, where learners and the end-to-end tests practise and sit
 * exams, hold only types scored at once.
 */
const demoTypes = questionTypes.filter((type) => type !== 'hotspot' && type !== 'essay');

/** Would a learner's answer be marked right? Only the types the spot checks need. */
function accepts(q: QuestionContent, answer: string): boolean {
  const norm = (text: string) => text.trim().toLowerCase();
  if (q.type === 'single_choice') return q.options.some((o) => o.correct && o.text === answer);
  if (q.type === 'short_text') return q.accepted.some((a) => norm(a) === norm(answer));
  if (q.type === 'cloze') {
    return q.blanks.some(
      (b) => b.kind === 'text' && b.accepted.some((a) => norm(a) === norm(answer)),
    );
  }
  if (q.type === 'matching') return q.pairs.some((p) => p.answer === answer);
  return false;
}

const find = (pattern: RegExp): QuestionContent[] =>
  questions.filter((q) => pattern.test(q.content.stem)).map(parsed);

describe('generateDemoContent', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(generateDemoContent())).toBe(JSON.stringify(content));
  });

  it('describes the demo tenant', () => {
    expect(content.tenant).toEqual({ slug: 'questa-demo', name: 'Questa Demo' });
  });

  it('produces questions that all pass the shared schema', () => {
    for (const q of questions) {
      const result = questionContent.safeParse(q.content);
      expect(result.success, `${q.content.stem}\n${JSON.stringify(result.error?.issues)}`).toBe(
        true,
      );
    }
  });

  it('has enough questions of every type', () => {
    expect(questions.length).toBeGreaterThanOrEqual(300);
    for (const type of demoTypes) {
      expect(questions.filter((q) => q.content.type === type).length, type).toBeGreaterThanOrEqual(
        10,
      );
    }
  });

  it('has valid, distinct banks with exactly one premium bank', () => {
    expect(content.banks.length).toBeGreaterThanOrEqual(4);
    const slugs = content.banks.map((bank) => bank.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(content.banks.filter((bank) => bank.visibility === 'premium')).toHaveLength(1);
    for (const { questions: bankQuestions, ...bank } of content.banks) {
      expect(() => bankInput.parse(bank), bank.slug).not.toThrow();
      expect(bank.description.length).toBeGreaterThan(0);
      expect(new Set(bankQuestions.map((q) => q.content.type)).size, bank.slug).toBe(
        demoTypes.length,
      );
      const topics = new Set(bankQuestions.map((q) => q.content.topic));
      expect(topics.size, bank.slug).toBeGreaterThanOrEqual(3);
      expect(topics.size, bank.slug).toBeLessThanOrEqual(6);
      const difficulties = new Set(bankQuestions.map((q) => q.content.difficulty));
      expect(difficulties.size, bank.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('explains every question and keeps stems unique within a bank', () => {
    for (const bank of content.banks) {
      const stems = bank.questions.map((q) => q.content.stem);
      expect(new Set(stems).size, bank.slug).toBe(stems.length);
      for (const q of bank.questions) {
        expect(q.content.explanation?.trim().length, q.content.stem).toBeGreaterThan(10);
        expect(q.content.tags?.length, q.content.stem).toBeGreaterThan(0);
      }
    }
  });

  it('uses math in several stems', () => {
    expect(questions.filter((q) => /\$[^$]+\$/.test(q.content.stem)).length).toBeGreaterThan(20);
    expect(questions.filter((q) => /\$\$[^$]+\$\$/.test(q.content.stem)).length).toBeGreaterThan(5);
  });

  it('references images that exist, and ships only images that are used', () => {
    const keys = new Set(content.media.map((m) => m.key));
    expect(keys.size).toBe(content.media.length);
    const withImages = questions.filter((q) => q.mediaKeys.length > 0);
    expect(withImages.length).toBeGreaterThanOrEqual(15);
    const used = new Set<string>();
    for (const q of questions) {
      const referenced = [...q.content.stem.matchAll(/!\[[^\]]+\]\(media:([^)]+)\)/g)].map(
        (m) => m[1],
      );
      expect(referenced.sort(), q.content.stem).toEqual([...q.mediaKeys].sort());
      expect(q.content.media ?? []).toEqual([]);
      for (const key of q.mediaKeys) {
        expect(keys.has(key), key).toBe(true);
        used.add(key);
      }
    }
    expect([...keys].filter((key) => !used.has(key))).toEqual([]);
  });

  it('draws simple, self-contained SVGs', () => {
    for (const media of content.media) {
      const { body, key } = media;
      expect(media.contentType).toBe('image/svg+xml');
      expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), key).toBe(true);
      expect(body, key).toContain(`viewBox="0 0 ${media.width} ${media.height}"`);
      expect(body, key).toContain(`width="${media.width}" height="${media.height}"`);
      expect(body, key).toMatch(/<title>[^<]+<\/title>/);
      expect(body, key).toMatch(/<rect [^>]*rx="16" fill="#ffffff"/);
      expect(body, key).not.toMatch(/<script|<foreignObject|\son\w+=|href|url\(|@import/i);
      const opened = (body.match(/<[a-z]+[\s>]/g) ?? []).length;
      const closed = (body.match(/<\/[a-z]+>|\/>/g) ?? []).length;
      expect(closed, key).toBe(opened);
    }
  });

  it('knows the capital of France', () => {
    const france = find(/capital (city )?of France\b/);
    expect(france.length).toBeGreaterThan(0);
    for (const q of france) expect(accepts(q, 'Paris'), q.stem).toBe(true);
  });

  it('converts units correctly', () => {
    const [km] = find(/^Convert 2\.5 kilometres to metres\./);
    expect(km).toMatchObject({ type: 'numeric', value: 2500, tolerance: 0, unit: 'm' });
    const [miles] = find(/^Convert 26\.2 miles to kilometres\./);
    expect(miles).toMatchObject({ type: 'numeric', value: 42.16, unit: 'km' });
    const [celsius] = find(/^Convert 25 °C to degrees Fahrenheit\./);
    expect(celsius).toMatchObject({ type: 'numeric', value: 77, unit: '°F' });
  });

  it('solves its own linear equations', () => {
    const solved = questions
      .map(parsed)
      .filter((q) => q.type === 'numeric' && /^Solve/.test(q.stem));
    expect(solved.length).toBeGreaterThan(0);
    for (const q of solved) {
      const match = /(\d+)x ([+-]) (\d+) = (-?\d+)/.exec(q.stem);
      expect(match, q.stem).not.toBeNull();
      const [, a, sign, b, c] = match as unknown as [string, string, string, string, string];
      const x = q.type === 'numeric' ? q.value : NaN;
      expect(Number(a) * x + (sign === '+' ? 1 : -1) * Number(b), q.stem).toBe(Number(c));
    }
  });

  it('gets regular polygon angles right', () => {
    for (const q of questions) {
      const question = parsed(q);
      const sides = /polygon-(\d+)\.svg/.exec(q.mediaKeys[0] ?? '')?.[1];
      if (question.type !== 'numeric' || !sides) continue;
      expect(question.value, question.stem).toBeCloseTo(
        ((Number(sides) - 2) * 180) / Number(sides),
      );
    }
  });

  it('keeps the periodic table facts straight', () => {
    const bySymbol = new Map(elements.map((e) => [e.symbol, e]));
    expect(bySymbol.get('Fe')).toMatchObject({ z: 26, name: 'Iron', group: 8, state: 'solid' });
    expect(bySymbol.get('Br')).toMatchObject({ z: 35, group: 17, state: 'liquid' });
    expect(bySymbol.get('Hg')).toMatchObject({ z: 80, state: 'liquid' });
    expect(bySymbol.get('Na')).toMatchObject({ z: 11, group: 1, family: 'alkali metal' });
    expect(bySymbol.get('Au')).toMatchObject({ z: 79, name: 'Gold' });
    expect(new Set(elements.map((e) => e.z)).size).toBe(elements.length);
    const [symbolForGold] = find(/chemical symbol for gold\?$/);
    expect(symbolForGold && accepts(symbolForGold, 'Au')).toBe(true);
  });
});
