import fc from 'fast-check';
import { questionContent, type QuestionContent } from '@questa/contracts';
import { polygonArea, type AnswerInput } from '@questa/contracts';
import { CREDIT_FRACTIONS } from '@questa/contracts/rules';
import { insidePoint } from './graders/hotspot-geometry';

const correctAnswerPoints = (q: Extract<QuestionContent, { type: 'hotspot' }>) =>
  q.regions.map(insidePoint);

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

/** Moodle's fractions and their negatives, as authors and imports write them. */
const moodleFraction = fc.constantFrom(...CREDIT_FRACTIONS.filter((f) => f < 1));
const feedback = fc.option(text, { nil: undefined });

/** A single choice whose wrong options may carry partial credit or a penalty, and feedback. */
export const creditedSingleChoice = choices(true).chain((options) =>
  fc
    .tuple(
      ...options.map((o) =>
        fc.record({
          credit: o.correct
            ? fc.constant(1)
            : fc.oneof(
                moodleFraction,
                moodleFraction.map((f) => -f),
              ),
          feedback,
        }),
      ),
    )
    .map((extra) =>
      options.map((o, i) => {
        const { credit, feedback: said } = extra[i]!;
        return { ...o, credit, ...(said === undefined ? {} : { feedback: said }) };
      }),
    ),
);

/**
 * A multiple response with a credit on every option: the correct ones share 1 in random whole
 * parts (written to 7 places, as Moodle stores them), the wrong ones carry Moodle penalties or 0.
 */
export const creditedMultipleResponse = choices(false).chain((options) => {
  const right = options.filter((o) => o.correct).length;
  return fc
    .tuple(
      fc.array(fc.integer({ min: 1, max: 6 }), { minLength: right, maxLength: right }),
      fc.array(
        fc.record({
          penalty: fc.oneof(
            fc.constant(0),
            moodleFraction.map((f) => -f),
          ),
          feedback,
        }),
        { minLength: options.length, maxLength: options.length },
      ),
    )
    .map(([parts, extra]) => {
      const whole = parts.reduce((sum, p) => sum + p, 0);
      let k = 0;
      return options.map((o, i) => {
        const { penalty, feedback: said } = extra[i]!;
        const credit = o.correct ? Number(((parts[k++] ?? 1) / whole).toFixed(7)) : penalty;
        return { ...o, credit, ...(said === undefined ? {} : { feedback: said }) };
      });
    });
});

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

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const imagePoint = fc.record({ x: unit, y: unit });

/** Regions valid under the contract: inside the image, never thinner than the minimum. */
export const anyRegion = (id: string, correct: boolean) =>
  fc.oneof(
    fc
      .record({
        x: fc.double({ min: 0, max: 0.99, noNaN: true }),
        y: fc.double({ min: 0, max: 0.99, noNaN: true }),
      })
      .chain(({ x, y }) =>
        fc.record({
          id: fc.constant(id),
          correct: fc.constant(correct),
          shape: fc.constant('rect' as const),
          x: fc.constant(x),
          y: fc.constant(y),
          width: fc.double({ min: 0.005, max: 1 - x, noNaN: true }),
          height: fc.double({ min: 0.005, max: 1 - y, noNaN: true }),
        }),
      ),
    fc.record({
      id: fc.constant(id),
      correct: fc.constant(correct),
      shape: fc.constant('circle' as const),
      x: unit,
      y: unit,
      radius: fc.double({ min: 0.005, max: 0.6, noNaN: true }),
    }),
    fc.record({
      id: fc.constant(id),
      correct: fc.constant(correct),
      shape: fc.constant('polygon' as const),
      points: fc
        .array(imagePoint, { minLength: 3, maxLength: 8 })
        .filter((points) => polygonArea(points) >= 0.005 ** 2),
    }),
  );

const hotspotImage = fc.record({
  sha256: fc.constant('a'.repeat(64)),
  alt: fc.constant('A diagram'),
  width: fc.integer({ min: 1, max: 4000 }),
  height: fc.integer({ min: 1, max: 4000 }),
});

export const anyHotspot = ids(1, 6)
  .chain((list) =>
    fc.record({
      ...common,
      type: fc.constant('hotspot'),
      media: fc.constant(['a'.repeat(64)]),
      image: hotspotImage,
      markers: fc.integer({ min: 1, max: 10 }),
      regions: fc
        .tuple(...list.map(() => fc.boolean()))
        .map((flags) => flags.map((f, i) => f || i === 0))
        .chain((flags) => fc.tuple(...list.map((id, i) => anyRegion(id, !!flags[i])))),
    }),
  )
  .map((raw) => questionContent.parse(raw) as Extract<QuestionContent, { type: 'hotspot' }>);

export const anyQuestion: fc.Arbitrary<QuestionContent> = fc
  .oneof(
    fc.record({ ...common, type: fc.constant('single_choice'), options: choices(true) }),
    fc.record({ ...common, type: fc.constant('multiple_response'), options: choices(false) }),
    fc.record({ ...common, type: fc.constant('single_choice'), options: creditedSingleChoice }),
    fc.record({
      ...common,
      type: fc.constant('multiple_response'),
      options: creditedMultipleResponse,
    }),
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
    anyHotspot,
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
    case 'hotspot':
      return fc
        .array(fc.oneof(imagePoint, fc.constantFrom(...correctAnswerPoints(q))), {
          maxLength: q.markers,
        })
        .map((points) => ({ type: q.type, points }));
    case 'calculated':
      return fc
        .record({ value: finite, unit: fc.string({ maxLength: 20 }) }, { requiredKeys: ['value'] })
        .map((a) => ({ type: q.type, ...a }));
    case 'essay':
      return fc.string({ maxLength: 200 }).map((text) => ({ type: q.type, text }));
  }
};
