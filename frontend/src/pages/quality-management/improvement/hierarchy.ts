// The indicator hierarchy columns of the quality-point table (spec 001 §2): one column a level, titled
// 一级指标 …, consecutive rows under the same indicator merged into one cell (rowSpan).

/**
 * rowSpans[row][level] for the rows in their order: the first row of a run of consecutive rows with the same
 * indicator at that level (and the same ones above it) spans the run, the others 0. An empty cell is never
 * merged; a row whose path is shorter than a level has an empty cell there.
 */
export function hierarchySpans(paths: readonly (readonly string[])[], depth: number): number[][] {
  const spans = paths.map(() => Array.from({ length: depth }, () => 1));
  for (let level = 0; level < depth; level += 1) {
    let start = 0;
    while (start < paths.length) {
      const key = prefixKey(paths[start], level);
      let end = start + 1;
      if (key !== null) {
        while (end < paths.length && prefixKey(paths[end], level) === key) end += 1;
      }
      spans[start][level] = end - start;
      for (let i = start + 1; i < end; i += 1) spans[i][level] = 0;
      start = end;
    }
  }
  return spans;
}

/** The path down to a level as one key; null when the cell at that level is empty. */
function prefixKey(path: readonly string[], level: number): string | null {
  const name = path[level];
  if (name === undefined || name === null || name.trim() === '') return null;
  return JSON.stringify(path.slice(0, level + 1));
}

/** rowSpans by row key, for `onCell` (which is given the record). */
export function hierarchySpansByKey<T>(rows: readonly T[], key: (row: T) => string, path: (row: T) => readonly string[], depth: number): Map<string, number[]> {
  const spans = hierarchySpans(rows.map(path), depth);
  return new Map(rows.map((row, i) => [key(row), spans[i]]));
}
