/**
 * Which objects' tasks a person reaches (the quality table's rule): everything, or those they own or audit, of the
 * departments they head, of the libraries granted to them, and the tasks granted to them. Diagnosis computes it; warnings counts with it.
 */
export interface VisibleTasks {
  userId: string;
  all: boolean;
  departmentIds: string[];
  libraryIds: string[];
  /** Tasks granted to the person (obj/authority), read or write. */
  taskIds: string[];
}
