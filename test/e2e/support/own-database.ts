import { baseName, copyTemplate, createEmptyDatabase, dropDatabase, urlOf } from './databases.js';

/**
 * A database for one suite, for the suites that must not see what the others wrote into their worker's shared one
 * (the fuzzer, which writes everywhere; the demo-values check, which reads demo content the others change): a fresh
 * copy of the run's seeded template, or (`empty`) a database with nothing in it, for a suite that loads the demo in
 * steps of its own.
 */
export interface OwnDatabase {
  url: string;
  create(): Promise<void>;
  drop(): Promise<void>;
}

export function ownDatabase(suffix: string, options: { empty?: boolean } = {}): OwnDatabase {
  const name = `${baseName()}_${suffix}`;
  return {
    url: urlOf(name),
    create: () => (options.empty ? createEmptyDatabase(name) : copyTemplate(name)),
    drop: async () => {
      await dropDatabase(name);
    },
  };
}
