import { invalidRequest } from './errors';

/** A decoded parameter: text, or a nested object or list built from bracket notation. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const segmentsOf = (key: string): string[] | undefined => {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return undefined;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!);
  return [match[1]!, ...rest];
};

/**
 * Decodes a form-encoded body or query string the way Stripe reads one: `a[b][0][c]=x` nests,
 * numeric keys and `[]` make lists, so `line_items[0][price]` and `expand[]` both work.
 */
export function decodeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = segmentsOf(key);
    if (!segments) throw invalidRequest(`Invalid parameter name: ${key}`, { param: key });
    let node: FormObject = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      // `[]` appends: give it the next free index of this level.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        if (typeof node[name] === 'object') {
          throw invalidRequest(`Invalid value for ${key}: it is also an object.`, { param: key });
        }
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'string') {
        throw invalidRequest(`Invalid value for ${key}: it is also a string.`, { param: key });
      }
      if (next === undefined) node[name] = {};
      node = node[name] as FormObject;
    });
  }
  return listsOf(root) as FormObject;
}

/** Objects whose keys are all 0, 1, 2… become lists, in index order. */
function listsOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, listsOf(value[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => converted[String(index)]!);
  }
  return converted;
}
