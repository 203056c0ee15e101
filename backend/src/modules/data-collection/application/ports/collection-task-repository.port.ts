import type { Allocation, AllocationInput, CollectionTask, CollectionTaskInput, CollectionTaskQuery, Page } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';

/** A form of a task as publish checks it: published at all (version > 0) and allocated. */
export interface TaskFormCheck {
  formId: string;
  name: string;
  version: number;
  allocations: number;
}

/** Collection tasks, their forms and allocations (dc_task, dc_task_form, dc_allocation), and making fill tasks. */
export abstract class CollectionTaskRepository {
  abstract list(q: CollectionTaskQuery): Promise<Page<CollectionTask>>;
  abstract find(id: string): Promise<CollectionTask | null>;
  /** Form ids among these that do not exist. */
  abstract missingForms(formIds: string[]): Promise<string[]>;
  abstract insert(tx: Transaction, userId: string, input: CollectionTaskInput): Promise<string>;
  /** Changes the task and its forms (allocations of forms no longer in it go with them). */
  abstract update(tx: Transaction, input: CollectionTaskInput & { id: string }): Promise<void>;
  abstract remove(tx: Transaction, id: string): Promise<void>;
  /** Locks the task row; null when it does not exist. */
  abstract lock(tx: Transaction, id: string): Promise<{ publishState: 'unpublished' | 'published' } | null>;
  abstract formsToPublish(tx: Transaction, taskId: string): Promise<TaskFormCheck[]>;
  /** Pins each form's current version and marks the task published. */
  abstract markPublished(tx: Transaction, taskId: string): Promise<void>;
  /** Makes the fill tasks of allocations that have none (fixed forms: their empty labelled rows); their ids. */
  abstract makeFillTasks(tx: Transaction, taskId: string): Promise<string[]>;
  abstract allocations(taskId: string): Promise<Allocation[]>;
  /** Whether the form is one of the task's forms. */
  abstract hasForm(taskId: string, formId: string): Promise<boolean>;
  /** Unknown ids among these departments and people. */
  abstract missingParties(departmentIds: string[], userIds: string[]): Promise<string[]>;
  /** Adds the allocations not there yet (one per department and per person). */
  abstract allocate(tx: Transaction, input: AllocationInput): Promise<void>;
  /** The allocation and whether its fill holds data (rows with a value, or committed once). */
  abstract findAllocation(tx: Transaction, id: string): Promise<{ id: string; taskId: string; hasData: boolean } | null>;
  abstract removeAllocation(tx: Transaction, id: string): Promise<void>;
}
