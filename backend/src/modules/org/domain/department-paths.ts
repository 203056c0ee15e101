/**
 * How an import names a department: by its name when no other department has it, else by a path, names joined by
 * `/`: the full path from the top, or its last names, as many as make it unique (`机电学院/办公室`).
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
  private readonly byId = new Map<string, DepartmentRef>();

  constructor(departments: readonly DepartmentRef[]) {
    for (const d of departments) {
      this.byId.set(d.id, d);
      push(this.byName, d.name, d);
    }
  }

  /**
   * A name, or a path: the department's name with the names above it, as many as make it unique (the full path
   * from the top, or its last names: `机电工程学院/办公室`).
   */
  resolve(text: string): Resolved {
    const names = pathNames(text);
    if (names.length === 0) return { problem: '部门不能为空' };
    const found = (this.byName.get(names[names.length - 1]!) ?? []).filter((d) => this.above(d, names));
    if (found.length === 1) return { id: found[0]!.id };
    if (found.length === 0) return { problem: `部门「${names.join(PATH_SEPARATOR)}」不存在` };
    return { problem: `部门「${names.join(PATH_SEPARATOR)}」有重名，请填写完整路径（如 ${this.pathOf(found[0]!.id)}）` };
  }

  /** True when the names above the last one are the department's parents' names, nearest first. */
  private above(d: DepartmentRef, names: readonly string[]): boolean {
    let at: DepartmentRef | undefined = d;
    for (let k = names.length - 2; k >= 0; k--) {
      at = at.parentId ? this.byId.get(at.parentId) : undefined;
      if (!at || at.name !== names[k]) return false;
    }
    return true;
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
