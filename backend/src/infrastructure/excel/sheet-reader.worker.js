// The first worksheet of an uploaded xlsx, read in a worker thread with exceljs's streaming reader (issue 31 item 2):
// the API's event loop never parses a sheet, and the reading stops at the first limit passed. Plain JavaScript (ESM),
// so it runs as it is both from backend/dist (tsc copies it, allowJs in tsconfig.build.json) and under Jest, which
// starts it from the sources. The thread answers one message:
//   { ok: true, header, rows: [{ row, cells }], width, rowsRead }   cells are numbers (as stored), dates as
//                                                                   yyyy-MM-dd, other cells as their trimmed text
//   { ok: false, limit: 'rows' | 'columns' | 'cellChars' | 'totalChars', rowsRead }
// and a file exceljs cannot read fails the thread (its 'error' event). first-sheet.exceljs.ts starts it.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const { bytes, maxColumns, limits } = workerData;

class LimitPassed extends Error {
  constructor(limit) {
    super(limit);
    this.limit = limit;
  }
}

function valueOf(cell) {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return (cell.text ?? '').trim();
}

async function read() {
  let totalChars = 0;
  const count = (chars) => {
    totalChars += chars;
    if (totalChars > limits.totalChars) throw new LimitPassed('totalChars');
  };
  let rowsRead = 0;
  let header = [];
  const rows = [];
  let width = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: 'emit',
    // the shared strings are kept here, counted against the total as they come (exceljs would cache them unchecked)
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const event of reader.parse()) {
      // exceljs 4.4 yields a shared string as it is, { index, text }, without an eventType
      if (event.eventType === undefined && typeof event.index === 'number') {
        reader.sharedStrings ??= [];
        const { index, text } = event;
        const chars = typeof text === 'string' ? text.length : (text?.richText ?? []).reduce((n, r) => n + (r.text?.length ?? 0), 0);
        if (chars > limits.cellChars) throw new LimitPassed('cellChars');
        count(chars);
        reader.sharedStrings[index] = text;
        continue;
      }
      if (event.eventType !== 'worksheet') continue;
      for await (const row of event.value) {
        if (!row.hasValues) continue;
        if (row.number > 1 && ++rowsRead > limits.rows) throw new LimitPassed('rows');
        const cells = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          if (column > limits.columns) throw new LimitPassed('columns');
          const v = valueOf(cell);
          const chars = typeof v === 'string' ? v.length : 16;
          if (chars > limits.cellChars) throw new LimitPassed('cellChars');
          count(chars);
          if (column <= maxColumns) cells[column - 1] = v;
        });
        for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = '';
        width = Math.max(width, Math.min(maxColumns, row.cellCount));
        if (row.number === 1) header = cells;
        else rows.push({ row: row.number, cells });
      }
      // the first worksheet only
      break;
    }
  } catch (error) {
    if (error instanceof LimitPassed) return { ok: false, limit: error.limit, rowsRead };
    throw error;
  }
  return { ok: true, header, rows, width, rowsRead };
}

parentPort.postMessage(await read());
