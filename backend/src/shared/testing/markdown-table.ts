import { readFileSync } from 'node:fs';

/**
 * The first Markdown table after the heading (a line starting with `#` that contains `heading`), as rows of trimmed
 * cells keyed by the header's cells. For specs that hold a module README's table against the code's table, row for row.
 */
export function markdownTable(markdown: string, heading: string): Array<Record<string, string>> {
  const lines = markdown.split('\n');
  const at = lines.findIndex((l) => l.startsWith('#') && l.includes(heading));
  if (at < 0) throw new Error(`no heading containing "${heading}"`);
  const start = lines.findIndex((l, i) => i > at && l.trimStart().startsWith('|'));
  if (start < 0) throw new Error(`no table under "${heading}"`);
  const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  const header = cells(lines[start]!);
  const rows: Array<Record<string, string>> = [];
  for (let i = start + 2; i < lines.length && lines[i]!.trimStart().startsWith('|'); i++) {
    const row = cells(lines[i]!);
    rows.push(Object.fromEntries(header.map((h, n) => [h, row[n] ?? ''])));
  }
  return rows;
}

/** The table under `heading` in the README beside a spec (`new URL('../README.md', import.meta.url)`). */
export const readmeTable = (readme: URL, heading: string) => markdownTable(readFileSync(readme, 'utf8'), heading);

/** A cell's states or rights: `a, b` → ['a', 'b']; `—` or empty → []. Back-quotes are dropped. */
export const listCell = (cell: string): string[] => cell.replace(/`/g, '').split(',').map((s) => s.trim()).filter((s) => s !== '' && s !== '—');
