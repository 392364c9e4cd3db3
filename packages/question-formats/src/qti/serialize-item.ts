import type { QuestionContent } from '@questa/contracts';
import { acceptedCredits, hasCredits, optionCredits } from '@questa/contracts/rules';
import type { ImageWriter } from '../shared/html';
import { blockXhtml, inlineXhtml } from '../shared/html';
import { xmlEscape } from '../shared/text';
import { hotspotParts } from './hotspot';
import { blankIdentifier, toIdentifier } from './ids';
import { equalWithin, numericProcessing } from './numeric-answers';
import { calculatedParts } from './serialize-calculated';

type Cloze = Extract<QuestionContent, { type: 'cloze' }>;
type QtiWritable = Exclude<QuestionContent, { type: 'calculated' }>;
type Blank = Cloze['blanks'][number];

const RESPONSE = 'RESPONSE';
const value = (v: string) => `<qti-value>${xmlEscape(v)}</qti-value>`;
const attr = (v: string) => xmlEscape(v);

const score = (points: number) =>
  `<qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">${points}</qti-base-value></qti-set-outcome-value>`;

function declaration(
  id: string,
  cardinality: string,
  baseType: string,
  correct: string[],
  mapping = '',
): string {
  return `  <qti-response-declaration identifier="${id}" cardinality="${cardinality}" base-type="${baseType}">
    <qti-correct-response>${correct.map(value).join('')}</qti-correct-response>${mapping}
  </qti-response-declaration>`;
}

/** Accepted answers as a mapping: each scores its credit, with the case rule on every entry. */
function textDeclaration(
  id: string,
  accepted: string[],
  caseSensitive: boolean,
  credits: readonly number[] = [],
): string {
  const entries = accepted.map(
    (a, i) =>
      `<qti-map-entry map-key="${attr(a)}" mapped-value="${credits[i] ?? 1}" case-sensitive="${caseSensitive}"/>`,
  );
  const mapping = `\n    <qti-mapping default-value="0">${entries.join('')}</qti-mapping>`;
  return declaration(id, 'single', 'string', [accepted[0] ?? ''], mapping);
}

const matchCorrect = (id: string) =>
  `<qti-match><qti-variable identifier="${id}"/><qti-correct identifier="${id}"/></qti-match>`;
const mapped = (id: string) =>
  `<qti-gte><qti-map-response identifier="${id}"/><qti-base-value base-type="float">1</qti-base-value></qti-gte>`;

/** Numeric answers: a float response, its tolerance in `qti-equal` (absolute, or exact when 0). */
const withinTolerance = (tolerance: number) =>
  equalWithin(RESPONSE, `<qti-correct identifier="${RESPONSE}"/>`, tolerance);

interface Parts {
  /** Template declarations and processing, for a calculated question. */
  templates?: string;
  declarations: string[];
  body: string;
  condition: string;
  /** Response processing that replaces the all-or-nothing condition (credits per choice). */
  processing?: (points: number) => string;
  /** Outcomes beside SCORE and FEEDBACK, such as the chosen options for their feedback. */
  outcomes?: string[];
}

const CHOICE_FEEDBACK = 'CHOICE_FEEDBACK';

const mappedScore = (points: number) =>
  `\n    <qti-set-outcome-value identifier="SCORE"><qti-product><qti-map-response identifier="${RESPONSE}"/><qti-base-value base-type="float">${points}</qti-base-value></qti-product></qti-set-outcome-value>`;

/**
 * Choice options, each with its feedback as qti-feedback-inline named after the option: response
 * processing copies the response into CHOICE_FEEDBACK, which shows the chosen options' feedback.
 */
function choiceOptions(
  options: Extract<QuestionContent, { type: 'single_choice' | 'multiple_response' }>['options'],
  image: ImageWriter,
): string {
  return options
    .map((o, i) => {
      const id = toIdentifier(o.id, i);
      const feedback =
        o.feedback === undefined
          ? ''
          : `<qti-feedback-inline outcome-identifier="${CHOICE_FEEDBACK}" identifier="${id}" show-hide="show">${inlineXhtml(o.feedback, image)}</qti-feedback-inline>`;
      return `<qti-simple-choice identifier="${id}">${inlineXhtml(o.text, image)}${feedback}</qti-simple-choice>`;
    })
    .join('');
}

function choices(tag: string, entries: { id: string; text: string }[], image: ImageWriter): string {
  return entries
    .map(
      (e, i) =>
        `<${tag} identifier="${toIdentifier(e.id, i)}">${inlineXhtml(e.text, image)}</${tag}>`,
    )
    .join('');
}

function blankXml(
  blank: Blank,
  index: number,
): { declaration: string; xml: string; condition: string } {
  const id = blankIdentifier(blank.id, index);
  if (blank.kind === 'text') {
    return {
      declaration: textDeclaration(id, blank.accepted, blank.caseSensitive),
      xml: `<qti-text-entry-interaction response-identifier="${id}"/>`,
      condition: mapped(id),
    };
  }
  const options = blank.options.map(
    (o, i) => `<qti-inline-choice identifier="C${i + 1}">${xmlEscape(o)}</qti-inline-choice>`,
  );
  return {
    declaration: declaration(id, 'single', 'identifier', [`C${blank.correct + 1}`]),
    xml: `<qti-inline-choice-interaction response-identifier="${id}" shuffle="false">${options.join('')}</qti-inline-choice-interaction>`,
    condition: matchCorrect(id),
  };
}

function cloze(q: Cloze, image: ImageWriter): Parts {
  const blanks = q.blanks.map(blankXml);
  // Private-use marks hold each blank's place through escaping; the interactions replace them.
  let stem = q.stem;
  q.blanks.forEach((b, i) => (stem = stem.replace(`{{${b.id}}}`, `\uE100${i}\uE101`)));
  const body = blockXhtml(stem, image).replace(
    /\uE100(\d+)\uE101/g,
    (_, i: string) => blanks[Number(i)]?.xml ?? '',
  );
  const conditions = blanks.map((b) => b.condition).join('');
  return {
    declarations: blanks.map((b) => b.declaration),
    body: `<div class="questa-stem">${body}</div>`,
    condition: blanks.length > 1 ? `<qti-and>${conditions}</qti-and>` : conditions,
  };
}

function parts(q: QtiWritable, image: ImageWriter): Parts {
  const stem = `<div class="questa-stem">${blockXhtml(q.stem, image)}</div>`;
  const answer = (extra = '') =>
    `${stem}<div class="questa-answer"><qti-text-entry-interaction response-identifier="${RESPONSE}"/>${extra}</div>`;
  switch (q.type) {
    case 'single_choice':
    case 'multiple_response': {
      const single = q.type === 'single_choice';
      const cardinality = single ? 'single' : 'multiple';
      const ids = q.options.map((o, i) => toIdentifier(o.id, i));
      const correct = ids.filter((_, i) => q.options[i]?.correct);
      // Credits travel as the mapped value of each choice, bounded to 0..1 as Moodle scores them.
      const credited = hasCredits(q.options);
      const credits = optionCredits(q.type, q.options);
      const entries = ids.map(
        (id, i) => `<qti-map-entry map-key="${id}" mapped-value="${credits[i] ?? 0}"/>`,
      );
      const mapping = credited
        ? `\n    <qti-mapping default-value="0" lower-bound="0" upper-bound="1">${entries.join('')}</qti-mapping>`
        : '';
      const feedback = q.options.some((o) => o.feedback !== undefined);
      const echo = feedback
        ? `\n    <qti-set-outcome-value identifier="${CHOICE_FEEDBACK}"><qti-variable identifier="${RESPONSE}"/></qti-set-outcome-value>`
        : '';
      return {
        declarations: [declaration(RESPONSE, cardinality, 'identifier', correct, mapping)],
        body: `${stem}<qti-choice-interaction response-identifier="${RESPONSE}" shuffle="false" max-choices="${single ? 1 : 0}">${choiceOptions(q.options, image)}</qti-choice-interaction>`,
        condition: matchCorrect(RESPONSE),
        ...(credited
          ? {
              processing: (points: number) =>
                `\n    <qti-set-outcome-value identifier="SCORE"><qti-product><qti-map-response identifier="${RESPONSE}"/><qti-base-value base-type="float">${points}</qti-base-value></qti-product></qti-set-outcome-value>${echo}`,
            }
          : echo
            ? {
                processing: (points: number) =>
                  `\n    <qti-response-condition><qti-response-if>${matchCorrect(RESPONSE)}${score(points)}</qti-response-if><qti-response-else>${score(0)}</qti-response-else></qti-response-condition>${echo}`,
              }
            : {}),
        ...(feedback
          ? {
              outcomes: [
                `<qti-outcome-declaration identifier="${CHOICE_FEEDBACK}" cardinality="${cardinality}" base-type="identifier"/>`,
              ],
            }
          : {}),
      };
    }
    case 'true_false': {
      const options = [
        { id: 'true', text: 'True' },
        { id: 'false', text: 'False' },
      ];
      return {
        declarations: [declaration(RESPONSE, 'single', 'identifier', [String(q.answer)])],
        body: `${stem}<qti-choice-interaction response-identifier="${RESPONSE}" shuffle="false" max-choices="1">${choices('qti-simple-choice', options, image)}</qti-choice-interaction>`,
        condition: matchCorrect(RESPONSE),
      };
    }
    case 'short_text':
      return {
        declarations: [textDeclaration(RESPONSE, q.accepted, q.caseSensitive, acceptedCredits(q))],
        body: answer(),
        condition: mapped(RESPONSE),
        // Answers worth part of the marks score their mapped share of the points.
        ...(q.credits ? { processing: mappedScore } : {}),
      };
    case 'numeric': {
      const processing = numericProcessing(RESPONSE, q);
      return {
        declarations: [declaration(RESPONSE, 'single', 'float', [String(q.value)])],
        body: answer(q.unit ? ` <span class="questa-unit">${xmlEscape(q.unit)}</span>` : ''),
        condition: withinTolerance(q.tolerance),
        ...(processing ? { processing } : {}),
      };
    }
    case 'ordering':
      return {
        declarations: [
          declaration(
            RESPONSE,
            'ordered',
            'identifier',
            q.items.map((item, i) => toIdentifier(item.id, i)),
          ),
        ],
        body: `${stem}<qti-order-interaction response-identifier="${RESPONSE}" shuffle="true">${choices('qti-simple-choice', q.items, image)}</qti-order-interaction>`,
        condition: matchCorrect(RESPONSE),
      };
    case 'matching': {
      const ids = q.pairs.map((p, i) => toIdentifier(p.id, i));
      const set = (prefix: string, key: 'prompt' | 'answer') =>
        `<qti-simple-match-set>${q.pairs
          .map(
            (p, i) =>
              `<qti-simple-associable-choice identifier="${prefix}${ids[i]}" match-max="1">${inlineXhtml(p[key], image)}</qti-simple-associable-choice>`,
          )
          .join('')}</qti-simple-match-set>`;
      return {
        declarations: [
          declaration(
            RESPONSE,
            'multiple',
            'directedPair',
            ids.map((id) => `P_${id} A_${id}`),
          ),
        ],
        body: `${stem}<qti-match-interaction response-identifier="${RESPONSE}" shuffle="true" max-associations="${q.pairs.length}">${set('P_', 'prompt')}${set('A_', 'answer')}</qti-match-interaction>`,
        condition: matchCorrect(RESPONSE),
      };
    }
    case 'cloze':
      return cloze(q, image);
    case 'hotspot':
      return hotspotParts(q, stem, image);
    case 'essay': {
      // The model answer is the correct response; nothing scores it, a person does.
      const model =
        q.modelAnswer.trim() === ''
          ? ''
          : `<qti-correct-response>${value(q.modelAnswer)}</qti-correct-response>`;
      const rubric =
        q.rubric.trim() === ''
          ? ''
          : `<qti-rubric-block view="scorer" use="scoring"><qti-content-body>${blockXhtml(q.rubric, image)}</qti-content-body></qti-rubric-block>`;
      return {
        declarations: [
          `  <qti-response-declaration identifier="${RESPONSE}" cardinality="single" base-type="string">${model}</qti-response-declaration>`,
        ],
        body: `${stem}<qti-extended-text-interaction response-identifier="${RESPONSE}"/>${rubric}`,
        condition: '',
      };
    }
  }
}

/**
 * One QTI 3.0 assessment item, with what it loses. Scoring gives the question's points when the
 * response is right, or the mapped share of them when its choices carry credits. Null for a
 * calculated question whose formula QTI cannot express.
 */
export function itemXml(
  q: QuestionContent,
  identifier: string,
  image: ImageWriter,
): { xml: string; losses: string[] } | null {
  const calculated = q.type === 'calculated' ? calculatedParts(q, image) : undefined;
  if (calculated === null) return null;
  const written: Parts = calculated ?? parts(q as QtiWritable, image);
  const { declarations, body, condition, processing, outcomes = [], templates } = written;
  const explained = q.explanation.trim() !== '';
  const feedback = explained
    ? `\n    <qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">EXPLANATION</qti-base-value></qti-set-outcome-value>`
    : '';
  const title = q.stem.replace(/\s+/g, ' ').slice(0, 80);
  const human = q.type === 'essay';
  // An essay is scored by a person (external-scored="human"): no rule sets its score.
  const scoring = human
    ? ''
    : processing
      ? processing(q.points)
      : `\n    <qti-response-condition><qti-response-if>${condition}${score(q.points)}</qti-response-if><qti-response-else>${score(0)}</qti-response-else></qti-response-condition>`;
  const responseProcessing =
    scoring === '' && feedback === ''
      ? ''
      : `\n  <qti-response-processing>${scoring}${feedback}\n  </qti-response-processing>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd" identifier="${identifier}" title="${attr(title)}" adaptive="false" time-dependent="false">
${declarations.join('\n')}
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"${human ? ' external-scored="human"' : ''} normal-maximum="${q.points}"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>${explained ? '\n  <qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>' : ''}${outcomes.map((o) => `\n  ${o}`).join('')}${templates ? `\n${templates}` : ''}
  <qti-item-body>${body}</qti-item-body>${responseProcessing}${
    explained
      ? `\n  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="EXPLANATION" show-hide="show"><qti-content-body>${blockXhtml(q.explanation, image)}</qti-content-body></qti-modal-feedback>`
      : ''
  }
</qti-assessment-item>
`;
  return { xml, losses: calculated?.losses ?? [] };
}
