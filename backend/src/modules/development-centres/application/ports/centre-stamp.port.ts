/**
 * A stamp of the data the centres' figures and cycles are read from (tasks, results, warnings, points, objects,
 * libraries, cycle types): it changes whenever any of it changes, and is read before a read it stamps. Undefined when
 * changes cannot be heard just now: then nothing is kept.
 */
export abstract class CentreStamp {
  abstract current(): string | undefined;
}
