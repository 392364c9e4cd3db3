import type { XmlElement } from '../shared/xml';
import { childElements, isElement, path, textContent } from '../shared/xml';

export const FEEDBACK_ELEMENTS = new Set([
  'qti-modal-feedback',
  'qti-feedback-block',
  'qti-feedback-inline',
]);

/** When a feedback element is shown, by QTI's rule: (outcome matches identifier) XOR show-hide=hide. */
export type Visibility = 'always' | 'never' | 'depends';

function constantValues(expression: XmlElement | undefined): string[] | undefined {
  if (!expression || expression.name === 'qti-null') return [];
  if (expression.name === 'qti-base-value') return [textContent(expression).trim()];
  if (expression.name === 'qti-multiple' || expression.name === 'qti-ordered') {
    const parts = expression.children.filter(isElement).map(constantValues);
    return parts.every((p) => p !== undefined) ? parts.flat() : undefined;
  }
  return undefined;
}

/** The values response processing can give an outcome, or undefined when one is computed. */
function possibleValues(root: XmlElement, outcome: string): string[][] | undefined {
  const processing = path(root, 'qti-response-processing');
  // The standard templates (match_correct, map_response …) set SCORE from the response.
  if (processing?.attrs.template && outcome === 'SCORE') return undefined;
  const values: string[][] = [];
  let computed = false;
  let settled = false;
  const walk = (el: XmlElement, inCondition: boolean) => {
    for (const child of el.children.filter(isElement)) {
      const sets =
        (child.name === 'qti-set-outcome-value' || child.name === 'qti-lookup-outcome-value') &&
        child.attrs.identifier === outcome;
      if (!sets) {
        walk(child, inCondition || child.name === 'qti-response-condition');
        continue;
      }
      const value =
        child.name === 'qti-set-outcome-value'
          ? constantValues(child.children.find(isElement))
          : undefined;
      if (value === undefined) computed = true;
      else if (inCondition) values.push(value);
      else {
        // An unconditional assignment replaces whatever came before it.
        values.length = 0;
        values.push(value);
        settled = true;
      }
    }
  };
  if (processing) walk(processing, false);
  if (computed) return undefined;
  if (!settled) {
    const declaration = childElements(root, 'qti-outcome-declaration').find(
      (d) => d.attrs.identifier === outcome,
    );
    if (!declaration) return undefined;
    values.push(
      childElements(path(declaration, 'qti-default-value'), 'qti-value').map((v) =>
        textContent(v).trim(),
      ),
    );
  }
  return values;
}

/** When the learner sees `feedback`, judged from the item's outcome declarations and processing. */
export function visibility(root: XmlElement, feedback: XmlElement): Visibility {
  const hide = feedback.attrs['show-hide'] === 'hide';
  const identifier = feedback.attrs.identifier ?? '';
  const values = possibleValues(root, feedback.attrs['outcome-identifier'] ?? '');
  if (!values) return 'depends';
  const matches = values.map((v) => v.includes(identifier) !== hide);
  if (matches.every(Boolean)) return 'always';
  return matches.some(Boolean) ? 'depends' : 'never';
}
