import { Injectable } from '@nestjs/common';
import type { JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { ObjListsService, type ObjListsOutcome } from '../obj-lists.service.js';

/** The update-obj-lists job: the service checks access again and does the call's work (the payload is checked by the catalogue's schema). */
@Injectable()
export class UpdateObjListsJob {
  constructor(private readonly lists: ObjListsService) {}

  @OnJob('update-obj-lists')
  handle(p: JobPayloads['update-obj-lists']): Promise<ObjListsOutcome> {
    return this.lists.runJob(p.direction, p.objTaskId, p.requesterId);
  }
}
