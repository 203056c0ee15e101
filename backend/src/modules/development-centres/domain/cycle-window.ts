/**
 * A cycle and the one before it in a level's order (cycles newest first, as `CentreReader.cycles` answers): the
 * previous is the next one in the list, or, for a cycle without tasks of the level, the newest older one. The
 * overview's rule (the service's windowOf), for the adapters that hand it to other modules.
 */
export function previousCycle(cycles: readonly string[], cycle: string): string | null {
  return olderCycles(cycles, cycle)[0] ?? null;
}

/** The level's cycles before `cycle`, newest first: those after it in the list, or, for a cycle not in it, the older ones. */
export function olderCycles(cycles: readonly string[], cycle: string): string[] {
  const i = cycles.indexOf(cycle);
  return i >= 0 ? cycles.slice(i + 1) : cycles.filter((c) => c < cycle);
}
