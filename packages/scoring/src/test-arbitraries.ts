import fc from 'fast-check';
import { questionContent, type QuestionContent } from '@questa/contracts';
import type { AnswerInput } from '@questa/contracts';

/*
 * Test-only fast-check generators: questions valid under the real contract (built through
 * `questionContent`, so defaults and trimming apply) and answers that refer to their ids.
 */

const ids = (min: number, max: number) =>
  fc.uniqueArray(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), { minLength: min, maxLength: max });
/** Any Unicode, including combining marks and odd white space, but never blank. */
const text = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 24 })
  .filter((s) => s.trim().length > 0);
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const common = {
  stem: fc.constant('Question?'),
  topic: fc.constant('properties'),
  difficulty: fc.integer({ min: 1, max: 5 }),
  points: fc.integer({ min: 1, max: 100 }),
};

/** Options with exactly one correct, or at least one (the contract's two rules). */
const choices = (exactlyOne: boolean) =>
  ids(2, 10).chain((optionIds) =>
    fc
      .array(fc.boolean(), { minLength: optionIds.length, maxLength: optionIds.length })
      .chain((flags) =>
        exactlyOne
          ? fc.nat(optionIds.length - 1).map((k) => flags.map((_, i) => i === k))
          : fc.nat(optionIds.length - 1).map((k) => flags.map((f, i) => f || i === k)),
      )
      .chain((flags) =>
        fc.tuple(
          ...optionIds.map((id, i) => text.map((t) => ({ id, text: t, correct: !!flags[i] }))),
        ),
      ),
  );

const blank = (id: string) =>
  fc.oneof(
    fc.record({
      id: fc.constant(id),
      kind: fc.constant('text' as const),
      accepted: fc.array(text, { minLength: 1, maxLength: 3 }),
      caseSensitive: fc.boolean(),
    }),
    fc.array(text, { minLength: 2, maxLength: 5 }).chain((options) =>
      fc.record({
        id: fc.constant(id),
        kind: fc.constant('choice' as const),
        options: fc.constant(options),
        correct: fc.nat(options.length - 1),
      }),
    ),
  );

export const anyQuestion: fc.Arbitrary<QuestionContent> = fc
  .oneof(
    fc.record({ ...common, type: fc.constant('single_choice'), options: choices(true) }),
    fc.record({ ...common, type: fc.constant('multiple_response'), options: choices(false) }),
    fc.record({ ...common, type: fc.constant('true_false'), answer: fc.boolean() }),
    fc.record({
      ...common,
      type: fc.constant('short_text'),
      accepted: fc.array(text, { minLength: 1, maxLength: 4 }),
      caseSensitive: fc.boolean(),
      whitespace: fc.constantFrom('collapse', 'exact'),
    }),
    fc.record(
      {
        ...common,
        type: fc.constant('numeric'),
        value: finite,
        tolerance: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
        unit: fc.oneof(fc.constantFrom('m', 'kg', 'm/s²', '°C'), fc.string({ maxLength: 20 })),
      },
      { requiredKeys: ['stem', 'topic', 'difficulty', 'points', 'type', 'value', 'tolerance'] },
    ),
    fc.record({
      ...common,
      type: fc.constant('ordering'),
      items: ids(2, 10).chain((list) =>
        fc.tuple(...list.map((id) => text.map((t) => ({ id, text: t })))),
      ),
    }),
    fc.record({
      ...common,
      type: fc.constant('matching'),
      pairs: ids(2, 10).chain((list) =>
        fc.tuple(
          ...list.map((id) => fc.record({ id: fc.constant(id), prompt: text, answer: text })),
        ),
      ),
    }),
    ids(1, 6).chain((list) =>
      fc.record({
        ...common,
        type: fc.constant('cloze'),
        stem: fc.constant(list.map((id) => `{{${id}}}`).join(' … ')),
        blanks: fc.tuple(...list.map(blank)),
      }),
    ),
  )
  .map((raw) => questionContent.parse(raw));

/** Answers of the question's own type, mostly using its ids and texts, right or wrong. */
export const answerFor = (q: QuestionContent): fc.Arbitrary<AnswerInput> => {
  switch (q.type) {
    case 'single_choice':
      return fc
        .constantFrom(...q.options.map((o) => o.id))
        .map((optionId) => ({ type: q.type, optionId }));
    case 'multiple_response':
      return fc
        .shuffledSubarray(q.options.map((o) => o.id))
        .map((optionIds) => ({ type: q.type, optionIds }));
    case 'true_false':
      return fc.boolean().map((value) => ({ type: q.type, value }));
    case 'short_text':
      return fc
        .oneof(fc.constantFrom(...q.accepted), fc.string({ maxLength: 30 }))
        .map((t) => ({ type: q.type, text: t }));
    case 'numeric':
      return fc
        .record(
          { value: fc.oneof(fc.constant(q.value), finite), unit: fc.string({ maxLength: 20 }) },
          { requiredKeys: ['value'] },
        )
        .map((a) => ({ type: q.type, ...a }));
    case 'ordering': {
      const n = q.items.length;
      return fc
        .shuffledSubarray(
          q.items.map((item) => item.id),
          { minLength: n, maxLength: n },
        )
        .map((itemIds) => ({ type: q.type, itemIds }));
    }
    case 'matching':
      return fc
        .shuffledSubarray(q.pairs.map((p) => p.id))
        .chain((pairIds) =>
          fc.tuple(
            ...pairIds.map((pairId) =>
              fc
                .constantFrom(...q.pairs.map((p) => p.answer))
                .map((answer) => ({ pairId, answer })),
            ),
          ),
        )
        .map((pairs) => ({ type: q.type, pairs }));
    case 'cloze':
      return fc
        .shuffledSubarray(q.blanks)
        .chain((blanks) =>
          fc.tuple(
            ...blanks.map((b) =>
              (b.kind === 'choice'
                ? fc.nat(b.options.length - 1)
                : fc.oneof(fc.constantFrom(...b.accepted), fc.string({ maxLength: 20 }))
              ).map((value) => ({ blankId: b.id, value })),
            ),
          ),
        )
        .map((blanks) => ({ type: q.type, blanks }));
    case 'essay':
      return fc.string({ maxLength: 200 }).map((text) => ({ type: q.type, text }));
  }
};
