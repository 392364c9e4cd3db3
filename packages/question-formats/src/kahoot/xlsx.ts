import { readZip } from '../shared/zip';
import { decodeUtf8 } from '../shared/text';
import type { XmlElement, XmlNode } from '../shared/xml';
import { childElements, firstChild, isElement, parseXml } from '../shared/xml';

/** One spreadsheet row: its 1-based number and its cells' text by 0-based column (A = 0). */
export interface SheetRow {
  row: number;
  cells: Map<number, string>;
}

export type SheetOutcome = { ok: true; rows: SheetRow[] } | { ok: false; error: string };

const NOT_XLSX = 'The file is not an Excel workbook (.xlsx)';
// Legacy .xls files (and password-protected .xlsx) are OLE compound documents, not zips.
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function xmlEntry(files: Map<string, Uint8Array>, name: string): XmlElement | undefined {
  const bytes = files.get(name);
  const text = bytes && decodeUtf8(bytes);
  if (text === undefined) return undefined;
  const parsed = parseXml(text);
  return parsed.ok ? parsed.root : undefined;
}

/** Text of a shared or inline string: its runs joined, phonetic hints (`rPh`) left out. */
function stringText(node: XmlNode): string {
  if (!isElement(node)) return node;
  if (node.name === 'rPh') return '';
  return node.children.map(stringText).join('');
}

/** `BC12` → 54 (0-based column), or undefined without a reference. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = reference && /^([A-Z]+)\d*$/i.exec(reference)?.[1]?.toUpperCase();
  if (!letters) return undefined;
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

/** The first worksheet's part name, found through the workbook's relationships. */
function firstSheetPath(files: Map<string, Uint8Array>): string | undefined {
  const workbook = xmlEntry(files, 'xl/workbook.xml');
  if (!workbook) return undefined;
  const sheet = firstChild(firstChild(workbook, 'sheets'), 'sheet');
  const id = sheet?.attrs.id;
  const relations = childElements(xmlEntry(files, 'xl/_rels/workbook.xml.rels'), 'Relationship');
  const target = relations.find((r) => r.attrs.Id === id)?.attrs.Target;
  if (!target)
    return files.has('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : undefined;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/**
 * Reads the text of every filled cell of a workbook's first sheet. Formatting, formulas and the
 * other sheets are ignored; a number reads as Excel stores it (`20`, `1.5`).
 */
export function readFirstSheet(bytes: Uint8Array): SheetOutcome {
  if (OLE_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return {
      ok: false,
      error:
        'The file is an old-style Excel workbook (.xls) or is password-protected; save it as an unprotected .xlsx workbook',
    };
  }
  const zip = readZip(bytes);
  if (!zip.ok)
    return { ok: false, error: zip.error.startsWith('The file is not') ? NOT_XLSX : zip.error };
  const sheetPath = firstSheetPath(zip.files);
  const sheet = sheetPath && xmlEntry(zip.files, sheetPath);
  if (!sheet) return { ok: false, error: NOT_XLSX };
  const shared = childElements(xmlEntry(zip.files, 'xl/sharedStrings.xml'), 'si').map(stringText);

  const rows: SheetRow[] = [];
  for (const [index, row] of childElements(firstChild(sheet, 'sheetData'), 'row').entries()) {
    const number = Number(row.attrs.r) || (rows.at(-1)?.row ?? index) + 1;
    const cells = new Map<number, string>();
    let next = 0;
    for (const cell of childElements(row, 'c')) {
      const column = columnOf(cell.attrs.r) ?? next;
      next = column + 1;
      const value = stringText(firstChild(cell, 'v') ?? { name: 'v', attrs: {}, children: [] });
      const text =
        cell.attrs.t === 's'
          ? (shared[Number(value)] ?? '')
          : cell.attrs.t === 'inlineStr'
            ? stringText(firstChild(cell, 'is') ?? '')
            : cell.attrs.t === 'b'
              ? value === '1'
                ? 'TRUE'
                : 'FALSE'
              : value;
      if (text.trim() !== '') cells.set(column, text);
    }
    rows.push({ row: number, cells });
  }
  return { ok: true, rows };
}
