// CSV as spreadsheets read it (RFC 4180): every cell quoted, quotes doubled, CRLF between rows.
// A cell that starts like a formula (= + - @, or a tab or carriage return that some spreadsheets
// skip before one) gets a leading apostrophe, so an audit reason such as `=HYPERLINK(…)` written
// by anyone is shown as text and never run on the compliance officer's machine.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
