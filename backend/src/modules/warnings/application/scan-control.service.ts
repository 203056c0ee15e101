import { Injectable } from '@nestjs/common';
import { JobQueue } from '../../../infrastructure/queue/job-queue.port.js';
import { AppError } from '../../../shared/errors/app-error.js';

const MANUAL_PREFIX = 'scan-manual-';

/** An administrator's "scan now": one job; clicking twice within the same second runs it once. */
@Injectable()
export class ScanControlService {
  constructor(private readonly queue: JobQueue) {}

  async start(now = new Date()): Promise<{ jobId: string }> {
    return this.queue.enqueue('scan-warnings', { reason: 'manual' }, { jobId: `${MANUAL_PREFIX}${Math.floor(now.getTime() / 1000)}` });
  }

  async done(jobId: string): Promise<boolean> {
    if (!jobId.startsWith(MANUAL_PREFIX)) throw new AppError('VALIDATION', '任务编号不正确');
    const status = await this.queue.status('scan-warnings', jobId);
    if (!status) throw new AppError('NOT_FOUND', '任务不存在或已过期');
    if (status.state === 'failed') throw new AppError('CONFLICT', `扫描失败：${status.failedReason ?? ''}`);
    return status.state === 'completed';
  }
}
