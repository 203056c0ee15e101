/**
 * Reads a value out of parsed JSON by a dotted path: 'data.value', 'data.items.0.count' or 'data.items[0].count'.
 * Only own properties are followed (never '__proto__' and the like); a missing step answers undefined.
 * An empty path answers the root.
 */
export function readJsonPath(root: unknown, path: string): unknown {
  const steps = path.replace(/\[(\d+)\]/g, '.$1').split('.').filter((s) => s !== '');
  let current: unknown = root;
  for (const step of steps) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(step)) return undefined;
      current = current[Number(step)];
    } else if (typeof current === 'object' && current !== null && Object.prototype.hasOwnProperty.call(current, step)) {
      current = (current as Record<string, unknown>)[step];
    } else {
      return undefined;
    }
  }
  return current;
}

// One step: a name with optional indexes ('items[0]'), or indexes alone ('[0]', a root array).
const STEP = String.raw`(?:[^.[\]]+(?:\[\d+\])*|(?:\[\d+\])+)`;
const PATH = new RegExp(`^${STEP}(?:\\.${STEP})*$`, 'u');

/** Whether a path is written the way readJsonPath reads it (names and indexes joined by dots). */
export function isJsonPath(path: string): boolean {
  return PATH.test(path);
}
