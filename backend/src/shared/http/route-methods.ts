import type { Express } from 'express';

interface RouterLayer {
  route?: { methods: Record<string, boolean> };
  match(path: string): boolean;
}

/**
 * The HTTP methods the app answers for a path, read from Express's own router, so that a known path
 * called with the wrong method gets 405 rather than 404.
 */
export function methodsForPath(app: Express, path: string): string[] {
  const stack = (app as unknown as { router?: { stack?: RouterLayer[] } }).router?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || typeof layer.match !== 'function') continue;
    if (!layer.match(path)) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') methods.add(method.toUpperCase());
  }
  return [...methods];
}
