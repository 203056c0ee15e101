import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JOB_CATALOGUE_TOKEN, type JobCatalogue, type JobMeta } from '../../shared/jobs/job-catalogue.js';
import { ON_JOB } from '../../shared/jobs/on-job.decorator.js';
import { parseJobPayload } from './job-payload.js';

export type JobHandler = (payload: unknown, meta: JobMeta) => Promise<unknown>;

interface Found {
  name: string;
  owner: string;
  handler: JobHandler;
}

/** Refuses a catalogue with a job that has no handler, two handlers, or a handler for a job it does not list. */
export function checkHandlers(jobNames: string[], found: Array<{ name: string; owner: string }>): string[] {
  const problems: string[] = [];
  for (const name of jobNames) {
    const owners = found.filter((f) => f.name === name).map((f) => f.owner);
    if (owners.length === 0) problems.push(`job "${name}" has no @OnJob handler`);
    if (owners.length > 1) problems.push(`job "${name}" has ${owners.length} handlers: ${owners.join(', ')}`);
  }
  for (const f of found) if (!jobNames.includes(f.name)) problems.push(`${f.owner} handles "${f.name}", which is not in the job catalogue`);
  return problems;
}

/** Finds every @OnJob method at boot; each runs only with a payload its job's schema accepts. */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, JobHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(JOB_CATALOGUE_TOKEN) private readonly catalogue: JobCatalogue,
  ) {}

  onModuleInit(): void {
    const found: Found[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const name = this.reflector.get<string | undefined>(ON_JOB, fn as () => unknown);
        if (!name) continue;
        found.push({ name, owner: `${instance.constructor.name}.${method}`, handler: (fn as JobHandler).bind(instance) });
      }
    }
    const problems = checkHandlers(Object.keys(this.catalogue), found);
    if (problems.length > 0) throw new Error(`Job registry: ${problems.join('; ')}`);
    for (const f of found) {
      const spec = this.catalogue[f.name]!;
      this.handlers.set(f.name, (payload, meta) => f.handler(parseJobPayload(f.name, spec, payload), meta));
    }
  }

  get(name: string): JobHandler {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`no handler for job "${name}"`);
    return handler;
  }
}
