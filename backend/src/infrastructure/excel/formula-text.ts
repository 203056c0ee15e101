/**
 * Formula injection in exports (issue 31 item 14, OWASP "CSV Injection"): a person's text that begins with =, +, -, @,
 * a tab, a carriage return or NUL is read by Excel, WPS or LibreOffice as a formula once someone edits or re-saves the
 * cell (=HYPERLINK(…) sends data away, @SUM(…) computes). Every export that writes person-supplied text into a
 * spreadsheet or CSV passes its cells through `safeCell`: such text gets a leading single quote, so it stays text and
 * still reads as typed after the quote. A number is not text and is not touched — a cell typed as a number (-2), or
 * text that is exactly a number ("-2", "+3.5", "-1e3": a value of a numeric field), which no spreadsheet evaluates to
 * anything but itself; "-2+3" is a formula and is quoted.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?%?$/;

/** The text as written into a spreadsheet cell: quoted when it would start a formula. */
export function safeCellText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell's value as written: text through `safeCellText`, anything else (numbers, dates, empty) as it is. */
export function safeCell<T>(value: T): T | string {
  return typeof value === 'string' ? safeCellText(value) : value;
}

/** A row of cells through `safeCell`. */
export function safeRow<T>(row: readonly T[]): Array<T | string> {
  return row.map(safeCell);
}

/**
 * A cell read back from an import: the quote `safeCellText` put before text that would start a formula is taken off,
 * so an exported sheet imports to the text it was made from (a field named "=合计" still matches its column).
 */
export function unquoteCellText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) && !PLAIN_NUMBER.test(text.slice(1)) ? text.slice(1) : text;
}
