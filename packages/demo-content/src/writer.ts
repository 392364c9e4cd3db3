import type { QuestionContentInput } from '@questa/contracts';
import { slugify } from './format';
import type { Rng } from './random';
import type { DemoQuestion } from './types';

export type Difficulty = 1 | 2 | 3 | 4 | 5;

export interface Meta {
  topic: string;
  difficulty: Difficulty;
  explanation: string;
  /** Appended to the stem as a Markdown image the seeder resolves to the CDN. */
  image?: { key: string; alt: string };
  tags?: string[];
}

export type BlankInput =
  | { id: string; kind: 'text'; accepted: string[]; caseSensitive?: boolean }
  | { id: string; kind: 'choice'; options: string[]; correct: number };

export interface CalculatedInput {
  variables: readonly { name: string; min: number; max: number; decimals: number; step?: number }[];
  formula: string;
  tolerance: number;
  toleranceType: 'absolute' | 'relative';
  answerDecimals: number;
  unit?: string;
}

/** A hand-written question, for the curated facts each bank keeps as data. */
export type FixedQuestion = Meta & { stem: string } & (
    | { type: 'true_false'; answer: boolean }
    | { type: 'numeric'; value: number; tolerance: number; unit?: string }
    | { type: 'short_text'; accepted: string[]; caseSensitive?: boolean }
    | { type: 'ordering'; items: string[] }
    | { type: 'matching'; pairs: [string, string][] }
    | { type: 'cloze'; blanks: BlankInput[] }
    | ({ type: 'calculated' } & CalculatedInput)
  );

export function textBlank(
  id: string,
  accepted: readonly string[],
  caseSensitive = false,
): BlankInput {
  return { id, kind: 'text', accepted: [...accepted], caseSensitive };
}

const LETTERS = 'abcdefghij';

export const mediaRef = (key: string): string => `media:${key}`;

function assertDistinct(values: readonly string[], what: string, stem: string): void {
  if (new Set(values).size !== values.length) {
    throw new Error(`duplicate ${what} in question: ${stem} (${values.join(' | ')})`);
  }
}

/** Collects one bank's questions; every answer list is checked for duplicates as it is written. */
export class QuestionWriter {
  readonly questions: DemoQuestion[] = [];
  private readonly stems = new Set<string>();

  constructor(
    private readonly rng: Rng,
    private readonly bankTags: readonly string[],
  ) {}

  /** Generators draw until they have enough distinct questions; this tells them what is taken. */
  has(stem: string): boolean {
    return this.stems.has(stem);
  }

  fixed(questions: readonly FixedQuestion[]): void {
    for (const q of questions) {
      if (q.type === 'true_false') this.trueFalse(q, q.stem, q.answer);
      else if (q.type === 'numeric') this.numeric(q, q.stem, q.value, q.tolerance, q.unit);
      else if (q.type === 'short_text') this.shortText(q, q.stem, q.accepted, q.caseSensitive);
      else if (q.type === 'ordering') this.ordering(q, q.stem, q.items);
      else if (q.type === 'matching') this.matching(q, q.stem, q.pairs);
      else if (q.type === 'cloze') this.cloze(q, q.stem, q.blanks);
      else this.calculated(q, q.stem, q);
    }
  }

  singleChoice(meta: Meta, stem: string, correct: string, wrong: readonly string[]): void {
    const options = this.options([correct], wrong, stem);
    this.push(meta, { ...this.common(meta, stem), type: 'single_choice', options });
  }

  multipleResponse(
    meta: Meta,
    stem: string,
    correct: readonly string[],
    wrong: readonly string[],
  ): void {
    const options = this.options(correct, wrong, stem);
    this.push(meta, { ...this.common(meta, stem), type: 'multiple_response', options });
  }

  trueFalse(meta: Meta, stem: string, answer: boolean): void {
    this.push(meta, { ...this.common(meta, stem), type: 'true_false', answer });
  }

  shortText(meta: Meta, stem: string, accepted: readonly string[], caseSensitive = false): void {
    assertDistinct(accepted, 'accepted answer', stem);
    this.push(meta, {
      ...this.common(meta, stem),
      type: 'short_text',
      accepted: [...accepted],
      caseSensitive,
      whitespace: 'collapse',
    });
  }

  numeric(meta: Meta, stem: string, value: number, tolerance: number, unit?: string): void {
    const content: QuestionContentInput = {
      ...this.common(meta, stem),
      type: 'numeric',
      value,
      tolerance,
    };
    this.push(meta, unit === undefined ? content : { ...content, unit });
  }

  /** `inOrder` is the correct order; ids are shuffled so they do not give the order away. */
  ordering(meta: Meta, stem: string, inOrder: readonly string[]): void {
    assertDistinct(inOrder, 'item', stem);
    const ids = this.ids(inOrder.length);
    const items = inOrder.map((text, index) => ({ id: ids[index] as string, text }));
    this.push(meta, { ...this.common(meta, stem), type: 'ordering', items });
  }

  matching(meta: Meta, stem: string, pairs: readonly (readonly [string, string])[]): void {
    assertDistinct(
      pairs.map(([prompt]) => prompt),
      'prompt',
      stem,
    );
    assertDistinct(
      pairs.map(([, answer]) => answer),
      'answer',
      stem,
    );
    const ids = this.ids(pairs.length);
    const rows = pairs.map(([prompt, answer], index) => ({
      id: ids[index] as string,
      prompt,
      answer,
    }));
    this.push(meta, { ...this.common(meta, stem), type: 'matching', pairs: rows });
  }

  cloze(meta: Meta, stem: string, blanks: readonly BlankInput[]): void {
    for (const blank of blanks) {
      if (!stem.includes(`{{${blank.id}}}`)) throw new Error(`blank ${blank.id} missing: ${stem}`);
    }
    this.push(meta, { ...this.common(meta, stem), type: 'cloze', blanks: [...blanks] });
  }

  /** A calculated question: `{name}` in the stem, new values from each range every time it is shown. */
  calculated(meta: Meta, stem: string, definition: CalculatedInput): void {
    this.push(meta, {
      ...this.common(meta, stem),
      type: 'calculated',
      variables: definition.variables.map((variable) => ({ ...variable })),
      formula: definition.formula,
      tolerance: definition.tolerance,
      toleranceType: definition.toleranceType,
      answerDecimals: definition.answerDecimals,
      ...(definition.unit === undefined ? {} : { unit: definition.unit }),
    });
  }

  textBlank(id: string, accepted: readonly string[], caseSensitive = false): BlankInput {
    return textBlank(id, accepted, caseSensitive);
  }

  choiceBlank(id: string, correct: string, wrong: readonly string[]): BlankInput {
    const options = this.rng.shuffle([correct, ...wrong]);
    assertDistinct(options, 'blank option', id);
    return { id, kind: 'choice', options, correct: options.indexOf(correct) };
  }

  private options(correct: readonly string[], wrong: readonly string[], stem: string) {
    const texts = [...correct, ...wrong];
    assertDistinct(texts, 'option', stem);
    const shuffled = this.rng.shuffle(
      texts.map((text) => ({ text, correct: correct.includes(text) })),
    );
    return shuffled.map((option, index) => ({ id: LETTERS[index] as string, ...option }));
  }

  private ids(count: number): string[] {
    return this.rng.shuffle([...LETTERS.slice(0, count)]);
  }

  private common(meta: Meta, stem: string) {
    const fullStem = meta.image
      ? `${stem}\n\n![${meta.image.alt}](${mediaRef(meta.image.key)})`
      : stem;
    const tags = [...new Set([...this.bankTags, slugify(meta.topic), ...(meta.tags ?? [])])];
    return {
      stem: fullStem,
      explanation: meta.explanation,
      topic: meta.topic,
      tags,
      difficulty: meta.difficulty,
      media: [],
    };
  }

  private push(meta: Meta, content: QuestionContentInput): void {
    if (this.stems.has(content.stem)) throw new Error(`duplicate stem: ${content.stem}`);
    this.stems.add(content.stem);
    this.questions.push({ content, mediaKeys: meta.image ? [meta.image.key] : [] });
  }
}
