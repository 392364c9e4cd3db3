import { invalidRequest } from './errors';

/*
 * Stripe's search query language, in the part the sandbox answers: clauses `field:"value"`
 * (exact, ignoring case), `field~"value"` (contains, ignoring case, at least three characters)
 * and `-field:"value"` (not), on plain fields and `metadata["key"]`, joined by AND or by OR but
 * not both, as Stripe allows. Anything else is refused with Stripe's error rather than half
 * understood.
 */

export interface SearchClause {
  /** A top-level field of the object (`email`), or `metadata.<key>`. */
  field: string;
  match: 'exact' | 'contains';
  negated: boolean;
  value: string;
}

export interface SearchQuery {
  join: 'and' | 'or';
  clauses: SearchClause[];
}

const refuse = (message: string) =>
  invalidRequest(`Invalid search query: ${message}`, { param: 'query' });

const CLAUSE =
  /^\s*(-)?([a-z_]+)(?:\[(?:"([^"\\]*)"|'([^'\\]*)')\])?\s*([:~])\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*/;
const JOIN = /^(AND|OR)\s+/;

/** Parses `query` for an object whose searchable fields are `fields` (and, if listed, metadata). */
export function parseSearchQuery(query: string, fields: readonly string[]): SearchQuery {
  if (query.trim() === '') throw refuse('the query is empty.');
  const clauses: SearchClause[] = [];
  const joins = new Set<'and' | 'or'>();
  let rest = query;
  for (;;) {
    const clause = CLAUSE.exec(rest);
    if (!clause) {
      throw refuse(
        `could not read \`${rest.trim().slice(0, 40)}\`; write clauses as field:"value", field~"value" or metadata["key"]:"value".`,
      );
    }
    const [whole, not, name = '', keyDouble, keySingle, operator, valueDouble, valueSingle] =
      clause;
    const key = keyDouble ?? keySingle;
    const value = valueDouble ?? valueSingle ?? '';
    if ((key !== undefined) !== (name === 'metadata') || !fields.includes(name)) {
      throw refuse(
        `the field \`${name}${key === undefined ? '' : `["${key}"]`}\` cannot be searched here; the sandbox searches ${fields.map((f) => (f === 'metadata' ? 'metadata["key"]' : f)).join(', ')}.`,
      );
    }
    const match = operator === '~' ? 'contains' : 'exact';
    if (match === 'contains' && value.length < 3) {
      throw refuse('a substring search (~) needs at least three characters.');
    }
    clauses.push({
      field: key === undefined ? name : `metadata.${key}`,
      match,
      negated: not === '-',
      value,
    });
    rest = rest.slice(whole.length);
    if (rest.trim() === '') break;
    const join = JOIN.exec(rest);
    if (!join) throw refuse('clauses are joined by AND or OR.');
    joins.add(join[1] === 'AND' ? 'and' : 'or');
    rest = rest.slice(join[0].length);
  }
  if (joins.size > 1) throw refuse('a query cannot mix AND and OR.');
  if (clauses.length > 10) throw refuse('a query holds at most 10 clauses.');
  return { join: joins.has('or') ? 'or' : 'and', clauses };
}
