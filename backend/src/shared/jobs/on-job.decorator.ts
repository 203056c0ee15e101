import { SetMetadata } from '@nestjs/common';
import type { JobMeta, JobName, JobPayloads } from './job-catalogue.js';

export const ON_JOB = 'onJob';

/** The shape a handler of job N has: its payload already checked against the catalogue's schema. */
export type JobHandlerOf<N extends JobName> = (payload: JobPayloads[N], meta: JobMeta) => Promise<unknown>;

/**
 * Tags a service method as the handler of one job of the catalogue; found at boot by the job registry.
 * A name outside the catalogue, or a handler that expects another payload, does not compile.
 */
export function OnJob<N extends JobName>(name: N) {
  return <H extends JobHandlerOf<N>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    SetMetadata(ON_JOB, name)(target, key, descriptor);
  };
}

export const ON_JOB_FAILED = 'onJobFailed';

/** What a job's failure hook learns: the job and the reason of its last try (for the log; a person reads the owner's text). */
export interface JobFailure {
  jobId: string;
  reason: string;
}

/** The shape of job N's failure hook. */
export type JobFailedHookOf<N extends JobName> = (payload: JobPayloads[N], failure: JobFailure) => Promise<unknown>;

/**
 * Tags a service method as the hook run once job N has failed for good: its last try threw, it was refused
 * unretried, or it stalled (its worker killed) more often than BullMQ allows. The hook puts the job's object in a
 * failed state its owner can act on; it runs in the worker that saw the failure, and must be idempotent (the owner's
 * check on read or periodic check may get there first). At most one per job.
 */
export function OnJobFailed<N extends JobName>(name: N) {
  return <H extends JobFailedHookOf<N>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    SetMetadata(ON_JOB_FAILED, name)(target, key, descriptor);
  };
}
