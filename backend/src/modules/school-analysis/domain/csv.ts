/**
 * A small CSV reader for the school import (RFC 4180 in practice): UTF-8 text, an optional byte-order mark, fields
 * separated by commas, a field in double quotes may hold commas, line breaks and "" for a quote; lines end with
 * \n or \r\n. Answers the lines as cell lists with their line number in the file (1-based, of the line where the
 * record starts); lines with only blank cells are left out.
 */
export interface CsvLine {
  line: number;
  cells: string[];
}

export function parseCsv(text: string): CsvLine[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out: CsvLine[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) out.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' && source[i + 1] === '\n') {
      continue;
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0 || quoted) endRecord();
  return out.map((l) => ({ line: l.line, cells: l.cells.map((c) => c.trim()) }));
}
