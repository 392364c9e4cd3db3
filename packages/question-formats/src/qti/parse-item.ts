import { creditProblem, ESSAY_LIMITS } from '@questa/contracts/rules';
import { multipleCredits } from '../shared/credit';
import type { MarkdownHooks } from '../shared/html';
import { toMarkdown } from '../shared/html';
import type { Draft } from '../shared/result';
import { parseNumber } from '../shared/result';
import type { XmlElement } from '../shared/xml';
import { childElements, descendants, isElement, path, textContent } from '../shared/xml';
import { FEEDBACK_ELEMENTS, visibility } from './feedback';
import { readGapMatch } from './gap-match';
import { hotspotDraft } from './hotspot';
import { blankId, fromIdentifier } from './ids';
import { mathToTex } from './mathml';
import { readAlternatives } from './numeric-answers';
import { readTemplate, type TemplateReading } from './template';

/** What the manifest's Questa metadata says about an item; every field may be missing. */
export interface ItemMetadata {
  type?: string;
  unit?: string;
  whitespace?: string;
  minWords?: string;
  maxWords?: string;
}

/** `refused`: a well-formed item Questa cannot represent; it is skipped with a warning. */
export type ItemOutcome =
  | { ok: true; draft: Draft; warnings: string[] }
  | { ok: false; error: string }
  | { ok: false; refused: string };

const INTERACTION_NAMES: Record<string, string> = {
  'qti-graphic-gap-match-interaction': 'graphic gap match',
  'qti-graphic-order-interaction': 'graphic order',
  'qti-graphic-associate-interaction': 'graphic associate',
  'qti-upload-interaction': 'file upload',
  'qti-drawing-interaction': 'drawing',
  'qti-hottext-interaction': 'hottext',
  'qti-slider-interaction': 'slider',
  'qti-associate-interaction': 'associate',
  'qti-media-interaction': 'media',
  'qti-position-object-interaction': 'position object',
  'qti-end-attempt-interaction': 'end attempt',
  'qti-custom-interaction': 'custom',
  'qti-portable-custom-interaction': 'portable custom (PCI)',
};

const BLOCK_INTERACTIONS = new Set([
  'qti-choice-interaction',
  'qti-order-interaction',
  'qti-match-interaction',
  'qti-gap-match-interaction',
  'qti-hotspot-interaction',
  'qti-select-point-interaction',
  'qti-extended-text-interaction',
]);
const INLINE_INTERACTIONS = new Set([
  'qti-text-entry-interaction',
  'qti-inline-choice-interaction',
]);
const HIDDEN = new Set([
  ...FEEDBACK_ELEMENTS,
  'qti-rubric-block',
  'qti-template-inline',
  'qti-template-block',
]);

function interactions(el: XmlElement): XmlElement[] {
  return el.children
    .filter(isElement)
    .flatMap((child) => (child.name.endsWith('-interaction') ? [child] : interactions(child)));
}

export class ItemReader {
  readonly warnings = new Set<string>();
  /** Feedback kept on a choice, which the explanation no longer has to account for. */
  readonly kept = new Set<XmlElement>();
  private readonly declarations: Map<string, XmlElement>;

  constructor(
    private readonly root: XmlElement,
    private readonly image: MediaReader,
  ) {
    this.declarations = new Map(
      childElements(root, 'qti-response-declaration').map((d) => [d.attrs.identifier ?? '', d]),
    );
  }

  markdown(nodes: XmlElement['children'], element?: MarkdownHooks['element']): string {
    return toMarkdown(nodes, {
      image: this.image,
      element: (el) => {
        // Visually hidden text is for screen readers; a sighted learner never reads it.
        if (HIDDEN.has(el.name) || /\bqti-visually-hidden\b/.test(el.attrs.class ?? ''))
          return null;
        if (el.name === 'math') return this.math(el);
        if (el.name === 'audio' || el.name === 'video' || el.name === 'object')
          return this.player(el);
        return element?.(el);
      },
    }).trim();
  }

  /**
   * A sound or a film: `<audio>` or `<video>` (their `src` or first `<source>`) or an `<object>`
   * whose `data` the package carries. The description comes from a label or title, else from an
   * object's fallback text.
   */
  player(el: XmlElement): string {
    const src = (
      el.attrs.src ??
      el.attrs.data ??
      childElements(el, 'source').find((source) => source.attrs.src)?.attrs.src ??
      ''
    ).trim();
    const description =
      el.attrs['aria-label'] ??
      el.attrs.title ??
      (el.name === 'object' ? textContent(el).replace(/\s+/g, ' ').trim() : '');
    if (!src) {
      this.warnings.add(`an <${el.name}> without a source is dropped`);
      return '';
    }
    // An object says what it holds in `type`; audio and video elements by their name.
    const declared =
      el.name === 'object' ? /^(audio|video)\//.exec(el.attrs.type ?? '')?.[1] : el.name;
    return this.image(src, description, declared as 'audio' | 'video' | undefined);
  }

  math(el: XmlElement): string {
    const { tex, unknown } = mathToTex(el);
    if (unknown.length > 0)
      this.warnings.add(
        `MathML ${unknown.map((u) => `<${u}>`).join(', ')} could not be converted to TeX; its text is kept`,
      );
    return tex;
  }

  declaration(interaction: XmlElement): XmlElement | undefined {
    return this.declarations.get(interaction.attrs['response-identifier'] ?? '');
  }

  /**
   * A choice's own feedback, in the QTI pattern for it: a qti-feedback-inline inside the choice,
   * named after the choice and shown when an outcome that response processing sets to the
   * response holds it. Any other feedback is left to the explanation's rule.
   */
  choiceFeedback(interaction: XmlElement, choice: XmlElement): string | undefined {
    const response = interaction.attrs['response-identifier'] ?? '';
    const processing = path(this.root, 'qti-response-processing');
    const echoes = (outcome: string) =>
      descendants(processing ?? this.root, 'qti-set-outcome-value').some(
        (set) =>
          set.attrs.identifier === outcome &&
          set.children
            .filter(isElement)
            .some((v) => v.name === 'qti-variable' && v.attrs.identifier === response),
      );
    const own = descendants(choice, 'qti-feedback-inline').filter(
      (f) =>
        f.attrs['show-hide'] !== 'hide' &&
        f.attrs.identifier === choice.attrs.identifier &&
        processing !== undefined &&
        echoes(f.attrs['outcome-identifier'] ?? ''),
    );
    own.forEach((f) => this.kept.add(f));
    const text = own.map((f) => this.markdown(f.children)).filter((t) => t !== '');
    return text.length > 0 ? text.join('\n\n') : undefined;
  }

  /** Mapped values per choice (qti-mapping), the default for choices it does not list. */
  choiceCredits(interaction: XmlElement, identifiers: string[]): number[] | undefined {
    const mapping = path(this.declaration(interaction), 'qti-mapping');
    if (!mapping) return undefined;
    const fallback = parseNumber(mapping.attrs['default-value'] ?? '0');
    const values = new Map(
      childElements(mapping, 'qti-map-entry').map((e) => [
        e.attrs['map-key'] ?? '',
        parseNumber(e.attrs['mapped-value'] ?? ''),
      ]),
    );
    const credits = identifiers.map((id) => values.get(id) ?? fallback);
    return credits.every((c) => Number.isFinite(c)) ? credits : undefined;
  }

  /** Questa scores a question as a whole; a per-choice or per-pair mapping is lost. */
  partialCredit(interaction: XmlElement): void {
    if (path(this.declaration(interaction), 'qti-mapping'))
      this.warnings.add(
        'partial credit per choice or pair (qti-mapping) is not kept; Questa scores the whole question',
      );
  }

  correct(interaction: XmlElement): string[] {
    const values = childElements(
      path(this.declaration(interaction), 'qti-correct-response'),
      'qti-value',
    );
    return values.map((v) => textContent(v).trim());
  }

  /** Accepted answers: the correct response and every mapping entry worth points. */
  accepted(interaction: XmlElement): { accepted: string[]; caseSensitive: boolean } {
    const entries = childElements(
      path(this.declaration(interaction), 'qti-mapping'),
      'qti-map-entry',
    ).filter((e) => Number(e.attrs['mapped-value'] ?? 0) > 0);
    const keys = entries.map((e) => (e.attrs['map-key'] ?? '').trim());
    const values = entries.map((e) => Number(e.attrs['mapped-value']));
    if (new Set(values).size > 1)
      this.warnings.add('answers worth partial credit are accepted as fully right');
    const accepted = [...new Set([...this.correct(interaction), ...keys])].filter((a) => a !== '');
    // QTI compares case-sensitively unless an entry says otherwise.
    const caseSensitive =
      entries.length === 0 || entries.some((e) => e.attrs['case-sensitive'] !== 'false');
    return { accepted, caseSensitive };
  }

  /**
   * A text entry's answers with their credits: each mapped value as a share of the best one, the
   * correct response worth 100 % when the mapping leaves it out. The fully right answers come
   * first, as the first is the key a learner is shown.
   */
  creditedAnswers(interaction: XmlElement): {
    accepted: string[];
    credits?: number[];
    caseSensitive: boolean;
  } {
    const entries = childElements(
      path(this.declaration(interaction), 'qti-mapping'),
      'qti-map-entry',
    ).filter((e) => Number(e.attrs['mapped-value'] ?? 0) > 0);
    const mapped = new Map<string, number>();
    for (const e of entries) {
      const key = (e.attrs['map-key'] ?? '').trim();
      if (key !== '' && !mapped.has(key)) mapped.set(key, Number(e.attrs['mapped-value']));
    }
    const best = Math.max(0, ...mapped.values());
    const answers = [...new Set([...this.correct(interaction), ...mapped.keys()])]
      .filter((a) => a !== '')
      .map((text) => {
        const value = mapped.get(text);
        return {
          text,
          credit: value === undefined || best === 0 ? 1 : Number((value / best).toFixed(7)),
        };
      });
    const ordered = [
      ...answers.filter((a) => a.credit === 1),
      ...answers.filter((a) => a.credit < 1),
    ];
    // QTI compares case-sensitively unless an entry says otherwise.
    const caseSensitive =
      entries.length === 0 || entries.some((e) => e.attrs['case-sensitive'] !== 'false');
    const credits = ordered.map((a) => a.credit);
    return {
      accepted: ordered.map((a) => a.text),
      ...(credits.every((c) => c === 1) ? {} : { credits }),
      caseSensitive,
    };
  }

  /** A cloze blank's answers; a numeric blank also accepts each number's plain spelling. */
  blankAnswers(
    interaction: XmlElement,
    id: string,
  ): { accepted: string[]; caseSensitive: boolean } {
    const answers = this.accepted(interaction);
    const baseType = this.declaration(interaction)?.attrs['base-type'];
    if (baseType !== 'float' && baseType !== 'integer') return answers;
    const numbers = answers.accepted.map(parseNumber).filter((n) => !Number.isNaN(n));
    const accepted = [...new Set([...answers.accepted, ...numbers.map(String)])];
    this.warnings.add(
      `blank ${id} takes a number, which a cloze blank compares as text: ${accepted.map((a) => `"${a}"`).join(', ')} are accepted`,
    );
    return { ...answers, accepted };
  }

  responseProcessing(): XmlElement {
    return path(this.root, 'qti-response-processing') ?? this.root;
  }

  tolerance(interaction: XmlElement, value: number): number {
    const id = interaction.attrs['response-identifier'];
    const equal = descendants(this.responseProcessing(), 'qti-equal').find((e) =>
      descendants(e, 'qti-variable').some((v) => v.attrs.identifier === id),
    );
    if (!equal || (equal.attrs['tolerance-mode'] ?? 'exact') === 'exact') return 0;
    const tolerance = parseNumber((equal.attrs.tolerance ?? '0').trim().split(/\s+/)[0] ?? '0');
    if (Number.isNaN(tolerance)) return 0;
    if (equal.attrs['tolerance-mode'] === 'relative') {
      this.warnings.add(
        'a relative tolerance is kept as the absolute one it gives for the right answer',
      );
      return (Math.abs(value) * tolerance) / 100;
    }
    return tolerance;
  }

  /**
   * Only feedback every learner sees becomes the explanation. Feedback shown for some responses
   * (correct, incorrect, one per choice) would tell a learner the wrong thing, so it is reported.
   */
  explanation(): string {
    const all = [...FEEDBACK_ELEMENTS].flatMap((name) => descendants(this.root, name));
    const shown: string[] = [];
    let depends = 0;
    for (const f of all) {
      if (this.kept.has(f)) continue;
      const text = this.markdown((path(f, 'qti-content-body') ?? f).children);
      if (text === '') continue;
      const when = visibility(this.root, f);
      if (when === 'always') shown.push(text);
      else if (when === 'depends') depends += 1;
    }
    if (depends > 0)
      this.warnings.add(
        `${depends} feedback text${depends === 1 ? '' : 's'} shown only for some responses (correct, incorrect or per choice) ${depends === 1 ? 'is' : 'are'} not kept; Questa's explanation is shown to every learner`,
      );
    return shown.join('\n\n');
  }
}

const CREDITS_DROPPED =
  'partial credit per choice (qti-mapping) is not kept: it does not fit the correct response as Questa credits must (the correct choices alone earn, and together 100 %)';

/** Mapped values become option credits when they fit the key, as Moodle's fractions would. */
function withCredits<O extends { correct: boolean }>(
  r: ItemReader,
  type: 'single_choice' | 'multiple_response',
  options: O[],
  mapped: number[] | undefined,
): (O & { credit?: number })[] {
  if (!mapped) return options;
  const rounded = mapped.map((m) => Number(m.toFixed(7)));
  const read =
    type === 'single_choice'
      ? {
          credits: rounded.map((m, i) => (m === (options[i]?.correct ? 1 : 0) ? undefined : m)),
        }
      : multipleCredits(rounded);
  if ('problem' in read || rounded.some((m) => Math.abs(m) > 1)) {
    r.warnings.add(CREDITS_DROPPED);
    return options;
  }
  const credited = options.map((o, i) => {
    const credit = read.credits?.[i];
    return credit === undefined ? o : { ...o, credit };
  });
  if (creditProblem(type, credited)) {
    r.warnings.add(CREDITS_DROPPED);
    return options;
  }
  return credited;
}

function choiceDraft(
  r: ItemReader,
  interaction: XmlElement,
  stem: string,
  meta: ItemMetadata,
): ItemOutcome {
  const correct = new Set(r.correct(interaction));
  const choices = childElements(interaction, 'qti-simple-choice');
  const options = choices.map((c) => {
    const feedback = r.choiceFeedback(interaction, c);
    return {
      id: fromIdentifier(c.attrs.identifier ?? ''),
      text: r.markdown(c.children),
      correct: correct.has(c.attrs.identifier ?? ''),
      ...(feedback === undefined ? {} : { feedback }),
    };
  });
  const single = r.declaration(interaction)?.attrs.cardinality !== 'multiple';
  if (meta.type === 'true_false' && single && options.length === 2) {
    r.partialCredit(interaction);
    const right = options.find((o) => o.correct);
    if (!right) return { ok: false, error: 'no choice is marked correct' };
    if (options.some((o) => o.feedback)) r.warnings.add('feedback on single answers is not kept');
    return {
      ok: true,
      draft: {
        type: 'true_false',
        stem,
        answer: right.id === 'true' || /^true$/i.test(right.text),
      },
      warnings: [],
    };
  }
  const type = single ? 'single_choice' : 'multiple_response';
  const mapped = r.choiceCredits(
    interaction,
    choices.map((c) => c.attrs.identifier ?? ''),
  );
  return {
    ok: true,
    draft: { type, stem, options: withCredits(r, type, options, mapped) },
    warnings: [],
  };
}

function orderDraft(r: ItemReader, interaction: XmlElement, stem: string): ItemOutcome {
  const choices = new Map(
    childElements(interaction, 'qti-simple-choice').map((c) => [c.attrs.identifier ?? '', c]),
  );
  const order = r.correct(interaction);
  if (order.length === 0)
    return { ok: false, error: 'the ordering has no correct order (qti-correct-response)' };
  const items = order.map((identifier) => ({
    id: fromIdentifier(identifier),
    text: r.markdown(choices.get(identifier)?.children ?? []),
  }));
  if (choices.size > order.length)
    r.warnings.add('choices left out of the correct order are not kept');
  return { ok: true, draft: { type: 'ordering', stem, items }, warnings: [] };
}

function matchDraft(r: ItemReader, interaction: XmlElement, stem: string): ItemOutcome {
  const [sources = [], targets = []] = childElements(interaction, 'qti-simple-match-set').map(
    (set) => childElements(set, 'qti-simple-associable-choice'),
  );
  const targetText = new Map(
    targets.map((t) => [t.attrs.identifier ?? '', r.markdown(t.children)]),
  );
  r.partialCredit(interaction);
  const answerOf = new Map(
    r.correct(interaction).map((pair) => pair.split(/\s+/) as [string, string]),
  );
  const pairs = sources
    .filter((s) => answerOf.has(s.attrs.identifier ?? ''))
    .map((s) => {
      const identifier = s.attrs.identifier ?? '';
      return {
        id: fromIdentifier(identifier.replace(/^P_/, '')),
        prompt: r.markdown(s.children),
        answer: targetText.get(answerOf.get(identifier) ?? '') ?? '',
      };
    });
  if (pairs.length < sources.length)
    r.warnings.add('prompts without a correct answer are not kept');
  if (new Set(answerOf.values()).size < targets.length)
    r.warnings.add('extra answers that match no prompt are not kept');
  return { ok: true, draft: { type: 'matching', stem, pairs }, warnings: [] };
}

/** Questa's word limits from its manifest metadata; anything else is no limit. */
function words(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= ESSAY_LIMITS.wordsMax ? n : undefined;
}

/**
 * An extended-text item is an essay. Rubric blocks for anyone but the candidate (scorer, tutor,
 * author …) make the rubric; a correct response, when the item has one, is the model answer.
 */
function essayDraft(
  r: ItemReader,
  root: XmlElement,
  interaction: XmlElement,
  stem: string,
  meta: ItemMetadata,
): ItemOutcome {
  const blocks = descendants(root, 'qti-rubric-block');
  const forGraders = blocks.filter((b) => (b.attrs.view ?? '').trim() !== 'candidate');
  if (forGraders.length < blocks.length) {
    r.warnings.add('rubric blocks for the candidate are not kept');
  }
  const rubric = forGraders
    .map((b) => r.markdown((path(b, 'qti-content-body') ?? b).children))
    .filter((text) => text !== '')
    .join('\n\n');
  const modelAnswer = r.correct(interaction).join('\n\n').trim();
  const minWords = words(meta.minWords);
  const maxWords = words(meta.maxWords);
  const limits =
    minWords !== undefined && maxWords !== undefined && minWords > maxWords
      ? { maxWords }
      : {
          ...(minWords === undefined ? {} : { minWords }),
          ...(maxWords === undefined ? {} : { maxWords }),
        };
  return {
    ok: true,
    draft: { type: 'essay', stem, rubric, modelAnswer, ...limits },
    warnings: [],
  };
}

const alternativesOf = <T>(list: T[]) => (list.length > 0 ? { alternatives: list } : {});

/** Inline interactions followed by more text in the same element. */
function entriesBeforeText(el: XmlElement, found = new Set<XmlElement>()): Set<XmlElement> {
  el.children.forEach((child, i) => {
    if (!isElement(child)) return;
    const textAfter = el.children
      .slice(i + 1)
      .filter((n) => !isElement(n) || n.attrs.class !== 'questa-unit')
      .some((n) => (isElement(n) ? textContent(n) : n).trim() !== '');
    if (INLINE_INTERACTIONS.has(child.name) && textAfter) found.add(child);
    entriesBeforeText(child, found);
  });
  return found;
}

/**
 * Turns a package file the item refers to into Markdown: an image, or, when `kind` is given (the
 * element was `<audio>` or `<video>`) or the file is a sound or a film, a player.
 */
export type MediaReader = (src: string, alt: string, kind?: 'audio' | 'video') => string;
/** A template item's numeric answer: the formula, and the tolerance response processing allows. */
function calculatedDraft(
  r: ItemReader,
  stem: string,
  body: XmlElement,
  template: TemplateReading,
  meta: ItemMetadata,
): ItemOutcome {
  const equal = descendants(r.responseProcessing(), 'qti-equal').find((e) =>
    descendants(e, 'qti-variable').some((v) => v.attrs.identifier === template.responseId),
  );
  const mode = equal?.attrs['tolerance-mode'] ?? 'exact';
  const given = parseNumber((equal?.attrs.tolerance ?? '0').trim().split(/\s+/)[0] ?? '0');
  const tolerance = mode === 'exact' || Number.isNaN(given) ? 0 : given;
  const unit =
    meta.unit ??
    textContent(descendants(body, 'span').find((s) => s.attrs.class === 'questa-unit')).trim();
  for (const warning of template.warnings) r.warnings.add(warning);
  if (template.answerDecimals === undefined) {
    r.warnings.add('the answer is rounded to 2 decimal places, which QTI does not say');
  }
  return {
    ok: true,
    draft: {
      type: 'calculated',
      stem,
      variables: template.variables,
      formula: template.formula,
      // QTI's relative tolerance is a percentage; Questa's is a fraction of the answer.
      tolerance: mode === 'relative' ? tolerance / 100 : tolerance,
      toleranceType: mode === 'relative' ? 'relative' : 'absolute',
      answerDecimals: template.answerDecimals ?? 2,
      ...(unit ? { unit } : {}),
    },
    warnings: [],
  };
}

/** Reads one `qti-assessment-item` into a draft question. */
export function parseItem(root: XmlElement, meta: ItemMetadata, image: MediaReader): ItemOutcome {
  if (root.name !== 'qti-assessment-item')
    return { ok: false, error: `not a QTI 3 assessment item (root <${root.name}>)` };
  const body = path(root, 'qti-item-body');
  if (!body) return { ok: false, error: 'the item has no qti-item-body' };
  const name = `item "${root.attrs.identifier ?? ''}"${root.attrs.title ? ` (${root.attrs.title})` : ''}`;
  let template: TemplateReading | undefined;
  if (path(root, 'qti-template-declaration') || path(root, 'qti-template-processing')) {
    const read = readTemplate(root);
    if ('refused' in read) {
      return {
        ok: false,
        refused: `${name} is a template (calculated) item Questa cannot import: ${read.refused}`,
      };
    }
    template = read;
  }
  if (root.attrs.adaptive === 'true')
    return {
      ok: false,
      refused: `${name} is adaptive (it changes between attempts), which Questa does not have`,
    };
  const r = new ItemReader(root, image);
  const found = interactions(body);
  const unsupported = found.find(
    (i) => !BLOCK_INTERACTIONS.has(i.name) && !INLINE_INTERACTIONS.has(i.name),
  );
  if (unsupported)
    return {
      ok: false,
      refused: `${name} uses the ${INTERACTION_NAMES[unsupported.name] ?? unsupported.name} interaction (${unsupported.name}), which Questa does not have`,
    };
  const blocks = found.filter((i) => BLOCK_INTERACTIONS.has(i.name));
  if (found.length === 0)
    return { ok: false, refused: `${name} has no interaction, so it asks nothing to answer` };
  if (blocks.length > 0 && found.length > 1)
    return {
      ok: false,
      refused: `${name} has ${found.length} interactions (${[...new Set(found.map((i) => i.name))].join(', ')}); a Questa question has one, or several blanks in a cloze text`,
    };
  const block = blocks[0];
  const entry = found[0] as XmlElement;
  const gaps =
    block?.name === 'qti-gap-match-interaction' ? readGapMatch(r, block, name) : undefined;
  if (gaps && !gaps.ok) return gaps;
  const isCloze =
    !block &&
    (meta.type === 'cloze' || found.length > 1 || entry.name === 'qti-inline-choice-interaction');
  const blanks: Extract<Draft, { type: 'cloze' }>['blanks'] = [];
  const midSentence = entriesBeforeText(body);
  const printedUnknown = new Set<string>();
  const stem = r.markdown(body.children, (el) => {
    if (el === block && gaps) return gaps.text;
    if (el.name === 'qti-printed-variable') {
      const id = el.attrs.identifier ?? '';
      if (!template?.variables.some((v) => v.name === id)) printedUnknown.add(id);
      return `{${id}}`;
    }
    if (el === block) {
      const prompt = path(el, 'qti-prompt');
      return prompt ? r.markdown(prompt.children) : null;
    }
    if (el.name === 'span' && el.attrs.class === 'questa-unit') return null;
    if (!INLINE_INTERACTIONS.has(el.name)) return undefined;
    // A single answer box inside a sentence keeps its place, so the stem still reads right.
    if (!isCloze) return midSentence.has(el) ? '_____' : null;
    const id = blankId(el.attrs['response-identifier'] ?? '');
    if (el.name === 'qti-text-entry-interaction')
      blanks.push({ id, kind: 'text', ...r.blankAnswers(el, id) });
    else {
      const options = childElements(el, 'qti-inline-choice');
      const correct = r.correct(el)[0];
      blanks.push({
        id,
        kind: 'choice',
        options: options.map((o) => r.markdown(o.children)),
        correct: options.findIndex((o) => o.attrs.identifier === correct),
      });
    }
    return `{{${id}}}`;
  });
  let outcome: ItemOutcome;
  if (template) {
    const refuse = (why: string): ItemOutcome => ({
      ok: false,
      refused: `${name} is a template (calculated) item Questa cannot import: ${why}`,
    });
    if (printedUnknown.size > 0) {
      return refuse(
        `it shows ${[...printedUnknown].map((id) => `"${id}"`).join(', ')}, which is not a drawn value`,
      );
    }
    if (block || isCloze || entry.attrs['response-identifier'] !== template.responseId) {
      return refuse('its computed answer is not the one number typed into a text entry');
    }
    outcome = calculatedDraft(r, stem, body, template, meta);
  } else if (block?.name === 'qti-choice-interaction') outcome = choiceDraft(r, block, stem, meta);
  else if (block?.name === 'qti-order-interaction') outcome = orderDraft(r, block, stem);
  else if (gaps)
    outcome = { ok: true, draft: { type: 'cloze', stem, blanks: gaps.blanks }, warnings: [] };
  else if (
    block?.name === 'qti-hotspot-interaction' ||
    block?.name === 'qti-select-point-interaction'
  ) {
    const read = hotspotDraft(block, r.declaration(block), stem, image, (w) => r.warnings.add(w));
    outcome = read.ok ? { ...read, warnings: [] } : read;
  } else if (block?.name === 'qti-extended-text-interaction')
    outcome = essayDraft(r, root, block, stem, meta);
  else if (block) outcome = matchDraft(r, block, stem);
  else if (isCloze) outcome = { ok: true, draft: { type: 'cloze', stem, blanks }, warnings: [] };
  else if (
    ['float', 'integer'].includes(r.declaration(entry)?.attrs['base-type'] ?? '') ||
    meta.type === 'numeric'
  ) {
    const value = parseNumber(r.correct(entry)[0] ?? '');
    if (Number.isNaN(value)) return { ok: false, error: 'the numeric answer has no correct value' };
    const unit =
      meta.unit ??
      textContent(descendants(body, 'span').find((s) => s.attrs.class === 'questa-unit')).trim();
    outcome = {
      ok: true,
      draft: {
        type: 'numeric',
        stem,
        value,
        tolerance: r.tolerance(entry, value),
        ...alternativesOf(
          readAlternatives(r.responseProcessing(), entry.attrs['response-identifier'] ?? ''),
        ),
        ...(unit ? { unit } : {}),
      },
      warnings: [],
    };
  } else {
    const whitespace = meta.whitespace === 'exact' ? 'exact' : 'collapse';
    outcome = {
      ok: true,
      draft: { type: 'short_text', stem, ...r.creditedAnswers(entry), whitespace },
      warnings: [],
    };
  }
  if (!outcome.ok) return outcome;
  return {
    ok: true,
    draft: { ...outcome.draft, explanation: r.explanation() },
    warnings: [...r.warnings],
  };
}
