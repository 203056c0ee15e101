import { SetMetadata } from '@nestjs/common';

export const ON_JOB = 'onJob';

/** Tags a service method as the handler of one job; found at boot by the job registry. */
export const OnJob = (name: string) => SetMetadata(ON_JOB, name);
