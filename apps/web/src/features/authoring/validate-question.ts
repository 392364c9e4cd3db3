import type { FieldError, QuestionContent } from '@questa/contracts';
import {
  acceptedCreditProblem,
  creditProblem,
  ESSAY_LIMITS,
  isAnswerCredit,
  type AcceptedCreditProblem,
  QUESTION_LIMITS,
  regionFits,
  type CreditProblem,
} from '@questa/contracts/rules';
import { calculatedIssues } from './validate-calculated';

// The rules of the question contract, checked as the author types so mistakes show next to their
// field before a save is refused. The server checks again, with the same limits.

export type IssueCode =
  | 'required'
  | 'tooLong'
  | 'optionsCount'
  | 'itemsCount'
  | 'pairsCount'
  | 'acceptedCount'
  | 'blanksCount'
  | 'oneCorrect'
  | 'someCorrect'
  | 'number'
  | 'negative'
  | 'points'
  | 'tagsCount'
  | 'tagTooLong'
  | 'blankMissing'
  | 'choiceCorrect'
  | 'duplicate'
  | 'imageRequired'
  | 'regionsCount'
  | 'regionCorrect'
  | 'regionFits'
  | 'markersCount'
  | CreditProblem
  | AcceptedCreditProblem
  | 'answerCredit'
  | 'hintsCount'
  | 'variablesCount'
  | 'variableName'
  | 'range'
  | 'decimals'
  | 'formula'
  | 'unknownVariable'
  | 'noAnswer'
  | 'words'
  | 'wordsOrder';

export type Issue =
  | { code: IssueCode; params?: Record<string, string | number> }
  /** A server's message for a rule this client does not know. */
  | { code: 'server'; params: { message: string } };

/** The first issue of each field, by its path in the content (`options.1.text`). */
export type Issues = Record<string, Issue>;

const Q = QUESTION_LIMITS;
const limits = {
  stem: Q.stemMax,
  explanation: Q.explanationMax,
  text: Q.textMax,
  topic: Q.topicMax,
  tag: Q.tagMax,
  tags: Q.tagsMax,
  unit: Q.unitMax,
  licence: Q.licenceMax,
  attribution: Q.attributionMax,
  choices: [Q.choicesMin, Q.choicesMax],
  accepted: [Q.acceptedMin, Q.acceptedMax],
  blanks: [Q.blanksMin, Q.blanksMax],
  regions: [Q.hotspotRegionsMin, Q.hotspotRegionsMax],
} as const;

export function validateQuestion(content: QuestionContent): Issues {
  const issues: Issues = {};
  const add = (path: string, code: IssueCode, params?: Record<string, string | number>) => {
    issues[path] ??= params ? { code, params } : { code };
  };
  const text = (path: string, value: string, max: number, required = true) => {
    const trimmed = value.trim();
    if (required && trimmed.length === 0) add(path, 'required');
    else if (trimmed.length > max) add(path, 'tooLong', { max });
  };
  const count = (
    path: string,
    length: number,
    [min, max]: readonly [number, number],
    code: IssueCode,
  ) => {
    if (length < min || length > max) add(path, code, { min, max });
  };
  const unique = (path: string, values: readonly string[]) => {
    if (new Set(values).size !== values.length) add(path, 'duplicate');
  };

  text('stem', content.stem, limits.stem);
  text('explanation', content.explanation, limits.explanation, false);
  text('topic', content.topic, limits.topic);
  if (content.tags.length > limits.tags) add('tags', 'tagsCount', { max: limits.tags });
  if (content.tags.some((tag) => tag.trim().length > limits.tag)) {
    add('tags', 'tagTooLong', { max: limits.tag });
  }
  if (!Number.isFinite(content.points)) add('points', 'number');
  else if (content.points <= 0 || content.points > Q.pointsMax) add('points', 'points');
  text('licence', content.licence, limits.licence, false);
  text('attribution', content.attribution, limits.attribution, false);
  if (content.hints) {
    if (content.hints.length > Q.hintsMax) add('hints', 'hintsCount', { max: Q.hintsMax });
    content.hints.forEach((hint, i) => text(`hints.${i}`, hint, Q.hintMax));
  }

  switch (content.type) {
    case 'single_choice':
    case 'multiple_response': {
      count('options', content.options.length, limits.choices, 'optionsCount');
      content.options.forEach((option, i) => text(`options.${i}.text`, option.text, limits.text));
      const correct = content.options.filter((option) => option.correct).length;
      if (content.type === 'single_choice' && correct !== 1) add('options', 'oneCorrect');
      if (content.type === 'multiple_response' && correct === 0) add('options', 'someCorrect');
      content.options.forEach((option, i) => {
        if (option.feedback !== undefined) {
          text(`options.${i}.feedback`, option.feedback, Q.optionFeedbackMax);
        }
      });
      const credits = creditProblem(content.type, content.options);
      if (credits) add('options', credits);
      unique(
        'options',
        content.options.map((option) => option.id),
      );
      break;
    }
    case 'true_false':
      break;
    case 'short_text':
      count('accepted', content.accepted.length, limits.accepted, 'acceptedCount');
      content.accepted.forEach((answer, i) => text(`accepted.${i}`, answer, limits.text));
      content.credits?.forEach((credit, i) => {
        if (!isAnswerCredit(credit)) add(`credits.${i}`, 'answerCredit');
      });
      {
        const problem = acceptedCreditProblem(content);
        if (problem) add(problem === 'creditsFirst' ? 'credits.0' : 'accepted', problem);
      }
      break;
    case 'numeric':
      if (!Number.isFinite(content.value)) add('value', 'number');
      if (!Number.isFinite(content.tolerance)) add('tolerance', 'number');
      else if (content.tolerance < 0) add('tolerance', 'negative');
      content.alternatives?.forEach((a, i) => {
        if (!Number.isFinite(a.value)) add(`alternatives.${i}.value`, 'number');
        if (!Number.isFinite(a.tolerance)) add(`alternatives.${i}.tolerance`, 'number');
        else if (a.tolerance < 0) add(`alternatives.${i}.tolerance`, 'negative');
        if (!isAnswerCredit(a.credit)) add(`alternatives.${i}.credit`, 'answerCredit');
      });
      text('unit', content.unit ?? '', limits.unit, false);
      break;
    case 'ordering':
      count('items', content.items.length, limits.choices, 'itemsCount');
      content.items.forEach((item, i) => text(`items.${i}.text`, item.text, limits.text));
      unique(
        'items',
        content.items.map((item) => item.id),
      );
      break;
    case 'matching':
      count('pairs', content.pairs.length, limits.choices, 'pairsCount');
      content.pairs.forEach((pair, i) => {
        text(`pairs.${i}.prompt`, pair.prompt, limits.text);
        text(`pairs.${i}.answer`, pair.answer, limits.text);
      });
      unique(
        'pairs',
        content.pairs.map((pair) => pair.id),
      );
      break;
    case 'cloze':
      count('blanks', content.blanks.length, limits.blanks, 'blanksCount');
      unique(
        'blanks',
        content.blanks.map((blank) => blank.id),
      );
      content.blanks.forEach((blank, i) => {
        const marker = `{{${blank.id}}}`;
        if (!content.stem.includes(marker)) add(`blanks.${i}`, 'blankMissing', { marker });
        if (blank.kind === 'text') {
          count(`blanks.${i}.accepted`, blank.accepted.length, limits.accepted, 'acceptedCount');
          blank.accepted.forEach((answer, j) =>
            text(`blanks.${i}.accepted.${j}`, answer, limits.text),
          );
        } else {
          count(`blanks.${i}.options`, blank.options.length, limits.choices, 'optionsCount');
          blank.options.forEach((option, j) =>
            text(`blanks.${i}.options.${j}`, option, limits.text),
          );
          if (blank.correct < 0 || blank.correct >= blank.options.length) {
            add(`blanks.${i}.correct`, 'choiceCorrect');
          }
        }
      });
      break;
    case 'hotspot': {
      if (content.image.sha256 === '') add('image', 'imageRequired');
      text('image.alt', content.image.alt, limits.text);
      const markers = [1, Q.hotspotMarkersMax] as const;
      if (!Number.isInteger(content.markers)) add('markers', 'number');
      else count('markers', content.markers, markers, 'markersCount');
      count('regions', content.regions.length, limits.regions, 'regionsCount');
      if (!content.regions.some((region) => region.correct)) add('regions', 'regionCorrect');
      unique(
        'regions',
        content.regions.map((region) => region.id),
      );
      content.regions.forEach((region, i) => {
        text(`regions.${i}.label`, region.label, limits.text, false);
        if (!regionFits(region)) add(`regions.${i}`, 'regionFits');
      });
      break;
    }
    case 'calculated':
      text('unit', content.unit ?? '', limits.unit, false);
      calculatedIssues(content, add);
      break;
    case 'essay': {
      text('rubric', content.rubric, ESSAY_LIMITS.rubricMax, false);
      text('modelAnswer', content.modelAnswer, ESSAY_LIMITS.modelAnswerMax, false);
      const words = (path: 'minWords' | 'maxWords') => {
        const value = content[path];
        if (value === undefined) return;
        if (!Number.isInteger(value) || value < 1 || value > ESSAY_LIMITS.wordsMax) {
          add(path, 'words', { max: ESSAY_LIMITS.wordsMax });
        }
      };
      words('minWords');
      words('maxWords');
      if (
        content.minWords !== undefined &&
        content.maxWords !== undefined &&
        content.minWords > content.maxWords
      ) {
        add('maxWords', 'wordsOrder');
      }
      break;
    }
  }
  return issues;
}

/**
 * The server's field errors (`validation.failed`) as issues. Its paths are the contract's, maybe
 * under the request body's `content`.
 */
export function serverIssues(errors: readonly FieldError[]): Issues {
  const issues: Issues = {};
  for (const { field, message } of errors) {
    const path = field.replace(/^\/?(body\.)?content[./]?/, '').replaceAll('/', '.') || 'stem';
    issues[path] ??= { code: 'server', params: { message } };
  }
  return issues;
}

/** Issues of `path` itself and of everything under it, e.g. every option for `options`. */
export function issuesUnder(issues: Issues, path: string): Issue[] {
  return Object.entries(issues)
    .filter(([key]) => key === path || key.startsWith(`${path}.`))
    .map(([, issue]) => issue);
}
