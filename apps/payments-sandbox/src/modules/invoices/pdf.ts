/**
 * A one-page PDF of plain text lines, enough for an invoice a person can download and open:
 * Helvetica, A4, the objects a reader needs and their cross-reference table.
 */
export function textPdf(title: string, lines: string[]): Buffer {
  // PDF text strings escape backslashes and parentheses; outside Latin-1 becomes "?".
  const text = (value: string) =>
    value
      .replace(/[^\x20-\x7e\xa0-\xff]/g, (char) =>
        char === '€' ? 'EUR ' : char === '−' ? '-' : '?',
      )
      .replace(/[\\()]/g, (char) => `\\${char}`);
  const body = [
    'BT',
    '/F1 16 Tf',
    '50 790 Td',
    `(${text(title)}) Tj`,
    '/F1 11 Tf',
    '0 -28 Td',
    '15 TL',
    ...lines.map((line) => `(${text(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
