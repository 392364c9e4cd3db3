import { describe, expect, it } from 'vitest';
import { spreadsheetCsv } from './spreadsheet-csv';

describe('spreadsheetCsv', () => {
  it('starts with a byte order mark and ends every row with CRLF', () => {
    const csv = spreadsheetCsv([
      ['a', 1],
      ['b', null],
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('"a",1\r\n"b",\r\n');
  });

  it('keeps commas, quotes and line breaks inside their cell', () => {
    expect(spreadsheetCsv([['Smith, "Jo"\nJr']]).slice(1)).toBe('"Smith, ""Jo""\nJr"\r\n');
  });

  it('turns text a spreadsheet would run as a formula into plain text, and leaves numbers alone', () => {
    const row = ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tcmd', 'plain', -3, 0.5];
    expect(spreadsheetCsv([row]).slice(1)).toBe(
      `"'=HYPERLINK(""http://x"")","'+1","'-2","'@SUM(A1)","'\tcmd","plain",-3,0.5\r\n`,
    );
  });
});
