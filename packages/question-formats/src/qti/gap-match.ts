import { choiceBlankProblem, fixedShuffle } from '../shared/gaps';
import type { Draft } from '../shared/result';
import type { XmlElement } from '../shared/xml';
import { childElements, descendants, path } from '../shared/xml';
import { fromIdentifier } from './ids';
import type { ItemReader } from './parse-item';

type ClozeBlanks = Extract<Draft, { type: 'cloze' }>['blanks'];

export type GapMatch =
  | { ok: true; text: string; blanks: ClozeBlanks }
  | { ok: false; error: string }
  | { ok: false; refused: string };

const CHOICES = new Set(['qti-gap-text', 'qti-gap-img', 'qti-prompt']);

/**
 * `qti-gap-match-interaction` as a cloze text: each `qti-gap` becomes a choice blank offering every
 * `qti-gap-text`, the right one being the choice the correct response pairs with that gap
 * (`directedPair` values "choice gap"). What a menu per gap cannot say is reported.
 */
export function readGapMatch(r: ItemReader, interaction: XmlElement, name: string): GapMatch {
  const image = childElements(interaction, 'qti-gap-img')[0];
  if (image)
    return {
      ok: false,
      refused: `${name} uses the gap match interaction with image choices (qti-gap-img "${image.attrs.identifier ?? ''}"); a Questa choice blank offers text only`,
    };
  const shuffle = interaction.attrs.shuffle === 'true';
  const written = childElements(interaction, 'qti-gap-text');
  const key = written.map((c) => c.attrs.identifier ?? '').join('\n');
  // A choice marked fixed keeps its place in a shuffle; the rest are shuffled among themselves.
  const movable = written.filter((c) => c.attrs.fixed !== 'true');
  const mixed = shuffle ? fixedShuffle(movable, key) : movable;
  const choices = written.map((c) =>
    c.attrs.fixed === 'true' ? c : (mixed.shift() as XmlElement),
  );
  const options = choices.map((c) => r.markdown(c.children));
  const indexOf = new Map(choices.map((c, i) => [c.attrs.identifier ?? '', i]));
  const gaps = descendants(interaction, 'qti-gap');
  if (gaps.length === 0) return { ok: false, error: 'the gap match interaction has no qti-gap' };
  const gapIds = new Set(gaps.map((g) => g.attrs.identifier ?? ''));
  const rightOf = new Map<string, string[]>();
  for (const pair of r.correct(interaction)) {
    const [choice = '', gap = ''] = pair.split(/\s+/);
    if (!indexOf.has(choice) || !gapIds.has(gap))
      return {
        ok: false,
        error: `the correct response "${pair}" names no qti-gap-text and qti-gap of the interaction`,
      };
    rightOf.set(gap, [...(rightOf.get(gap) ?? []), choice]);
  }
  const blanks: ClozeBlanks = [];
  for (const gap of gaps) {
    const identifier = gap.attrs.identifier ?? '';
    const right = rightOf.get(identifier) ?? [];
    const quoted = right.map((c) => `"${options[indexOf.get(c) ?? 0]}"`).join(', ');
    if (right.length !== 1)
      return {
        ok: false,
        refused:
          right.length === 0
            ? `${name} has a gap (${identifier}) that is right only left empty; a Questa choice blank has one right choice`
            : `${name} has a gap (${identifier}) that takes ${right.length} choices together (${quoted}); a Questa choice blank takes one`,
      };
    const problem = choiceBlankProblem(`gap ${identifier}`, options);
    if (problem) return { ok: false, refused: `${name}: ${problem}` };
    blanks.push({
      id: fromIdentifier(identifier),
      kind: 'choice',
      options,
      correct: indexOf.get(right[0] as string) ?? 0,
    });
  }
  r.partialCredit(interaction);
  if (shuffle)
    r.warnings.add(
      'the choices are shuffled for every attempt in QTI; Questa shows them in one fixed shuffled order',
    );
  // match-max limits how many gaps a choice may fill (0: any number); a menu per gap has no limit.
  const limited = choices
    .map((c, i) => ({ text: options[i] as string, max: Number(c.attrs['match-max'] ?? '1') }))
    .filter((c) => c.max > 0 && c.max < gaps.length);
  if (limited.length > 0)
    r.warnings.add(
      `choices a learner may place in only ${limited.every((c) => c.max === 1) ? 'one gap' : 'some gaps'} (match-max: ${limited.map((c) => `"${c.text}" ${c.max}`).join(', ')}) can be chosen in every blank`,
    );
  const prompt = path(interaction, 'qti-prompt');
  const content = r.markdown(interaction.children, (el) => {
    if (CHOICES.has(el.name)) return null;
    if (el.name !== 'qti-gap') return undefined;
    return `{{${fromIdentifier(el.attrs.identifier ?? '')}}}`;
  });
  const text = [prompt ? r.markdown(prompt.children) : '', content]
    .filter((t) => t !== '')
    .join('\n\n');
  return { ok: true, text, blanks };
}
