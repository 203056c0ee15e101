// The built app's message delivery (message-push module, backend/dist) on a DataSource, for the benchmarks that time
// what a batch of messages costs after it is written: warnings.mjs (a scan's messages) and message-push.mjs (sending).
// The queue is replaced by a list the caller runs, so the figures are planning, composing and sending, not Redis.
import path from 'node:path';

/**
 * DeliveryService with the PostgreSQL repositories, nodemailer and the HTTP poster. `plan(batchIds)` plans each
 * batch (deliver-messages) and keeps its push-message jobs in `queued`; `compose(concurrency)` reads every queued
 * delivery's messages and composes its mail or post, as push-message does before it sends; `send(concurrency)` runs
 * the jobs. Close with `close()`.
 */
export async function deliveryBench({ typeorm, dist, config }) {
  const load = (file) => import(path.join(dist, file));
  const { DeliveryService } = await load('modules/message-push/application/delivery.service.js');
  const { PushDeliveryPgRepository } = await load('modules/message-push/infrastructure/push-delivery.pg-repository.js');
  const { PushSettingsPgRepository } = await load('modules/message-push/infrastructure/push-settings.pg-repository.js');
  const { NodemailerMailSender } = await load('modules/message-push/infrastructure/nodemailer-mail-sender.js');
  const { HttpRobotPoster } = await load('modules/message-push/infrastructure/http-robot-poster.js');
  const { mailOf, robotPostOf, DIGEST_LISTED, WEBHOOK_PAGE_SIZE } = await load('modules/message-push/domain/push-rules.js');
  const queued = [];
  const queue = { enqueueMany: async (_name, jobs) => { queued.push(...jobs); } };
  const settings = new PushSettingsPgRepository(typeorm);
  const repo = new PushDeliveryPgRepository(typeorm);
  const mailSender = new NodemailerMailSender();
  const service = new DeliveryService(repo, settings, queue, mailSender, new HttpRobotPoster(config), config);
  /** Runs `work(job)` over the queued jobs (those `which` takes), `concurrency` at a time, as the worker does. */
  const each = async (concurrency, work, which = () => true) => {
    const jobs = queued.map((q) => q.payload).filter(which);
    let next = 0;
    const runner = async () => {
      for (let i = next++; i < jobs.length; i = next++) await work(jobs[i]);
    };
    await Promise.all(Array.from({ length: concurrency }, runner));
    return jobs.length;
  };
  return {
    settings,
    queued,
    async plan(batchIds) {
      let deliveries = 0;
      for (const id of batchIds) deliveries += (await service.deliverBatch(id)).queued;
      return deliveries;
    },
    /**
     * Composes the queued deliveries of the channels `channels` names (all when null); answers how many and, per
     * channel, how many and the milliseconds of reading and composing.
     */
    async compose(concurrency, channels = null) {
      const byChannel = {};
      const count = await each(concurrency, async (p) => {
        const started = performance.now();
        const content = await repo.content(p.batchId, p.channel, p.target, p.digest, p.page, p.channel === 'webhook' ? WEBHOOK_PAGE_SIZE : DIGEST_LISTED);
        if (p.channel === 'email') mailOf(content.listed, content.total, content.kinds, config.publicUrl);
        else if (p.channel !== 'webhook') robotPostOf(content.listed, content.total, content.perPerson, content.kinds, config.publicUrl);
        const c = (byChannel[p.channel] ??= { n: 0, ms: 0 });
        c.n += 1;
        c.ms += performance.now() - started;
      }, (p) => !channels || channels.includes(p.channel));
      return { count, byChannel };
    },
    send: (concurrency) => each(concurrency, (p) => service.push(p, 1)),
    close: () => mailSender.onModuleDestroy(),
  };
}
