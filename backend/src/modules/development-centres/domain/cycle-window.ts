/**
 * A cycle and the one before it in a level's order (cycles newest first, as `CentreReader.cycles` answers): the
 * previous is the next one in the list, or, for a cycle without tasks of the level, the newest older one. The
 * overview's rule (the service's windowOf), for the adapters that hand it to other modules.
 */
export function previousCycle(cycles: readonly string[], cycle: string): string | null {
  const i = cycles.indexOf(cycle);
  const older = i >= 0 ? cycles.slice(i + 1) : cycles.filter((c) => c < cycle);
  return older[0] ?? null;
}
