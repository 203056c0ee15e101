/**
 * How an import names a department: by its name when no other department has it, else by its full path from the top,
 * names joined by `/` (`机电学院/办公室`). A path is always accepted.
 */
export interface DepartmentRef {
  id: string;
  name: string;
  parentId: string | null;
}

export type Resolved = { id: string } | { problem: string };

export const PATH_SEPARATOR = '/';

/** Splits a path cell (`机电学院 / 办公室`, `机电学院／办公室`) into its names. */
export function pathNames(text: string): string[] {
  return text
    .split(/[/／]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Resolves department names and paths against the departments there are. */
export class DepartmentPaths {
  private readonly byName = new Map<string, DepartmentRef[]>();
  private readonly children = new Map<string | null, DepartmentRef[]>();
  private readonly byId = new Map<string, DepartmentRef>();

  constructor(departments: readonly DepartmentRef[]) {
    for (const d of departments) {
      this.byId.set(d.id, d);
      push(this.byName, d.name, d);
    }
    // a department whose parent is unknown is a top one
    for (const d of departments) push(this.children, d.parentId && this.byId.has(d.parentId) ? d.parentId : null, d);
  }

  resolve(text: string): Resolved {
    const names = pathNames(text);
    if (names.length === 0) return { problem: '部门不能为空' };
    if (names.length === 1) {
      const found = this.byName.get(names[0]!) ?? [];
      if (found.length === 1) return { id: found[0]!.id };
      if (found.length === 0) return { problem: `部门「${names[0]}」不存在` };
      return { problem: `部门「${names[0]}」有重名，请填写完整路径（如 ${this.pathOf(found[0]!.id)}）` };
    }
    let parent: string | null = null;
    for (const name of names) {
      const next: DepartmentRef[] = (this.children.get(parent) ?? []).filter((d) => d.name === name);
      if (next.length !== 1) return { problem: `部门「${names.join(PATH_SEPARATOR)}」不存在` };
      parent = next[0]!.id;
    }
    return { id: parent! };
  }

  /** The full path of a department, top first. */
  pathOf(id: string): string {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at = this.byId.get(id); at && !seen.has(at.id); at = at.parentId ? this.byId.get(at.parentId) : undefined) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    return names.join(PATH_SEPARATOR);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
