/** A cell: text is quoted and guarded; a number is written as a number; null is empty. */
export type CsvValue = string | number | null;

// Excel, LibreOffice and Google Sheets run a cell that starts with one of these as a formula; a
// learner's name such as `=HYPERLINK(...)` must arrive as the text it is.
const formulaStart = /^[=+\-@\t\r]/;

function cell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = formulaStart.test(value) ? `'${value}` : value;
  return `"${guarded.replace(/"/g, '""')}"`;
}

/**
 * Rows as CSV that a spreadsheet opens in the right columns and the right characters: a UTF-8
 * byte order mark (Excel reads UTF-8 without one as the local code page), every text cell quoted
 * so commas, quotes and line breaks stay inside it, and CRLF between rows, as RFC 4180 asks.
 */
export function spreadsheetCsv(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
