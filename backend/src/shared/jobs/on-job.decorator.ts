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
