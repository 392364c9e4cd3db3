/*
 * Questa's CSV format
 *
 * The file is UTF-8 (a byte-order mark is allowed; exports write one so spreadsheets read UTF-8)
 * and follows RFC 4180: fields are separated by commas and quoted with " when they hold a comma,
 * a quote or a line break; "" is a quote inside a quoted field. Exports end rows with CRLF.
 *
 * The first row is the header: type,stem,options,correct,explanation,topic,tags,difficulty.
 * type and stem are required; the other columns may be left out and may come in any order.
 * Every row has one question; empty rows are skipped.
 *
 * Lists inside a cell are separated by |. A backslash escapes a separator ( \| \: \/ \= ) or
 * itself ( \\ ); a backslash before any other character is kept, so $\alpha$ needs no escaping.
 *
 *   type               options                                   correct
 *   single_choice      the options: 2|3|4                        1-based index of the right one: 2
 *                                                                (or the right option's text)
 *   multiple_response  the options: 2|3|4|9                      1-based indexes: 1|2
 *   true_false         (empty)                                   true or false
 *   short_text         (empty), or flags:                        accepted answers: Paris|paris
 *                      case-sensitive|exact-whitespace
 *   numeric            the unit, if any: cm                      value±tolerance: 3.14±0.01
 *                                                                (also 3.14+-0.01; 3.14 alone: tolerance 0),
 *                                                                then any more accepted: 3.14±0.01|3±0.2
 *   ordering           the items in the correct order: a|b|c     (empty)
 *   matching           pairs prompt=>answer: Iron=>Fe|Gold=>Au    (empty)
 *   cloze              the blanks, each id:kind:…                (empty)
 *                      text:   1:text:Paris/paris  (answers separated by /; add :case-sensitive)
 *                      choice: 2:choice:red/green/blue:1  (options separated by /, then the
 *                              1-based index of the right one); the stem marks blanks as {{1}}
 *   essay              the rubric (Markdown)                     the model answer (Markdown)
 *
 * explanation: Markdown. topic: text (default General). tags: tag|tag. difficulty: 1–5 (default 3).
 *
 * Three more columns are optional, and exports write them only when a question uses them:
 *   credit    choice questions: each option's credit in percent, in option order, an empty entry
 *             for an option without one: |50|-25| (Moodle's fractions; see the question contract);
 *             short text and numeric: each accepted answer's credit, empty for 100 %: |50
 *   feedback  choice questions: each option's feedback (Markdown), in option order, empty for none
 *   hints     any question: hint|hint, opened one by one by a learner before answering
 * CSV cannot carry image files (media: references stay as text), points, licence or attribution;
 * option, item and pair ids are regenerated (a, b, c …); cloze blank ids are kept; essays lose
 * their word limits.
 */

export const COLUMNS = [
  'type',
  'stem',
  'options',
  'correct',
  'explanation',
  'topic',
  'tags',
  'difficulty',
] as const;
/** Columns an export writes only when some question has something to put in them. */
export const EXTRA_COLUMNS = ['credit', 'feedback', 'hints'] as const;
export type Column = (typeof COLUMNS)[number] | (typeof EXTRA_COLUMNS)[number];

const SEPARATORS = '|:/=';

/** Escapes `text` for a list cell; `specials` are the separators that cell splits on. */
export function escapeCell(text: string, specials: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (specials.includes(c)) out += `\\${c}`;
    else if (c === '\\' && (next === undefined || next === '\\' || SEPARATORS.includes(next)))
      out += '\\\\';
    else out += c;
  }
  return out;
}

export function unescapeCell(text: string): string {
  return text.replace(/\\([\\|:/=])/g, '$1');
}

/** Splits on an unescaped separator, leaving escapes in place for `unescapeCell`. */
export function splitCell(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (
      text[i] === '\\' &&
      i + 1 < text.length &&
      `\\${SEPARATORS}`.includes(text[i + 1] as string)
    )
      i += 1;
    else if (text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  return [...parts, text.slice(start)];
}

/** A cell with one entry per option: split on `|`, unescaped and trimmed, empty ones kept. */
export function entriesCell(text: string): string[] {
  return text.trim() === '' ? [] : splitCell(text, '|').map((p) => unescapeCell(p).trim());
}

/** A list cell: split on `|`, each part unescaped and trimmed, empty parts dropped. */
export function listCell(text: string): string[] {
  return text.trim() === ''
    ? []
    : splitCell(text, '|')
        .map((p) => unescapeCell(p).trim())
        .filter((p) => p !== '');
}

export interface CsvRow {
  /** 1-based line where the row starts. */
  line: number;
  cells: string[];
}

export type CsvReadOutcome =
  { ok: true; rows: CsvRow[] } | { ok: false; line: number; message: string };

/** Reads RFC 4180 CSV; rows whose cells are all empty are left out. */
export function readCsv(text: string): CsvReadOutcome {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    cells.push(field);
    if (cells.some((c) => c !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' && field === '') {
      const startLine = line;
      i += 1;
      for (;;) {
        if (i >= text.length)
          return { ok: false, line: startLine, message: 'a quoted field is not closed' };
        const q = text[i] as string;
        if (q === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (q === '"') {
          i += 1;
          break;
        } else {
          if (q === '\n') line += 1;
          if (q === '\r') {
            line += 1;
            if (text[i + 1] === '\n') i += 1;
            field += '\n';
          } else field += q;
          i += 1;
        }
      }
      const after = text[i];
      if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') {
        return {
          ok: false,
          line,
          message: 'a closing quote must be followed by a comma or the end of the row',
        };
      }
      continue;
    }
    if (c === ',') {
      cells.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else field += c;
    i += 1;
  }
  if (field !== '' || cells.length > 0) endRow();
  return { ok: true, rows };
}

/** Writes one RFC 4180 row, quoting only the fields that need it. */
export function writeRow(cells: string[]): string {
  return cells
    .map((c) => (/[",\r\n]|^\s|\s$/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
    .join(',');
}
