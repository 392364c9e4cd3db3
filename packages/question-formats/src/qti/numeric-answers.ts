import type { QuestionContent } from '@questa/contracts';
import { parseNumber } from '../shared/result';
import type { XmlElement } from '../shared/xml';
import { childElements, descendants, path, textContent } from '../shared/xml';

type Numeric = Extract<QuestionContent, { type: 'numeric' }>;
type Alternative = NonNullable<Numeric['alternatives']>[number];

// QTI maps only exact keys, so a number accepted within a tolerance for part of the marks is a
// branch of response processing: the key first, then each other answer from the best credit down,
// each setting SCORE to its share of the points. The importer reads the same branches back.

const score = (points: number) =>
  `<qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">${points}</qti-base-value></qti-set-outcome-value>`;

/** `qti-equal` of the response and `against`, absolute within the tolerance or exact at 0. */
export function equalWithin(response: string, against: string, tolerance: number): string {
  const mode =
    tolerance === 0
      ? 'tolerance-mode="exact"'
      : `tolerance-mode="absolute" tolerance="${tolerance} ${tolerance}"`;
  return `<qti-equal ${mode}><qti-variable identifier="${response}"/>${against}</qti-equal>`;
}

/** Response processing for a numeric question with more accepted answers than its key. */
export function numericProcessing(
  response: string,
  q: Numeric,
): ((points: number) => string) | undefined {
  if (!q.alternatives) return undefined;
  const others = [...q.alternatives].sort((a, b) => b.credit - a.credit);
  return (points) => {
    const key = `<qti-response-if>${equalWithin(response, `<qti-correct identifier="${response}"/>`, q.tolerance)}${score(points)}</qti-response-if>`;
    const branches = others.map(
      (a) =>
        `<qti-response-else-if>${equalWithin(response, `<qti-base-value base-type="float">${a.value}</qti-base-value>`, a.tolerance)}${score(Number((points * a.credit).toPrecision(12)))}</qti-response-else-if>`,
    );
    return `\n    <qti-response-condition>${key}${branches.join('')}<qti-response-else>${score(0)}</qti-response-else></qti-response-condition>`;
  };
}

const scoreSet = (branch: XmlElement): number | undefined => {
  const set = childElements(branch, 'qti-set-outcome-value').find(
    (s) => s.attrs.identifier === 'SCORE',
  );
  const value = parseNumber(textContent(path(set, 'qti-base-value')).trim());
  return Number.isNaN(value) ? undefined : value;
};

/**
 * Other accepted numbers of a numeric item: `qti-response-else-if` branches that compare the
 * response with a number and set SCORE to part of what the first branch (the key) sets.
 */
export function readAlternatives(processing: XmlElement, response: string): Alternative[] {
  const alternatives: Alternative[] = [];
  for (const condition of descendants(processing, 'qti-response-condition')) {
    const full = scoreSet(path(condition, 'qti-response-if') ?? condition);
    if (full === undefined || full <= 0) continue;
    for (const branch of childElements(condition, 'qti-response-else-if')) {
      const equal = path(branch, 'qti-equal');
      const compares = childElements(equal, 'qti-variable').some(
        (v) => v.attrs.identifier === response,
      );
      const value = parseNumber(textContent(path(equal, 'qti-base-value')).trim());
      const earned = scoreSet(branch);
      if (!equal || !compares || Number.isNaN(value) || earned === undefined || earned <= 0) {
        continue;
      }
      const exact = (equal.attrs['tolerance-mode'] ?? 'exact') === 'exact';
      const tolerance = exact
        ? 0
        : parseNumber((equal.attrs.tolerance ?? '0').split(/\s+/)[0] ?? '');
      if (Number.isNaN(tolerance) || equal.attrs['tolerance-mode'] === 'relative') continue;
      alternatives.push({
        value,
        tolerance: Math.abs(tolerance),
        credit: Math.min(1, Number((earned / full).toFixed(7))),
      });
    }
  }
  return alternatives;
}
