import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JOB_CATALOGUE, JOB_CATALOGUE_TOKEN, type JobCatalogue, type JobMeta } from '../../shared/jobs/job-catalogue.js';
import { ON_JOB, ON_JOB_FAILED, type JobFailure } from '../../shared/jobs/on-job.decorator.js';
import { parseJobPayload } from './job-payload.js';

export type JobHandler = (payload: unknown, meta: JobMeta) => Promise<unknown>;
export type JobFailedHook = (payload: unknown, failure: JobFailure) => Promise<unknown>;

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

/**
 * Refuses a failure hook for a job the catalogue does not list, and two hooks for one job (a job without one needs
 * none: its failure leaves nothing half-done).
 */
export function checkFailedHooks(jobNames: string[], found: Array<{ name: string; owner: string }>): string[] {
  const problems: string[] = [];
  for (const f of found) if (!jobNames.includes(f.name)) problems.push(`${f.owner} hooks the failure of "${f.name}", which is not in the job catalogue`);
  for (const name of new Set(found.map((f) => f.name))) {
    const owners = found.filter((f) => f.name === name).map((f) => f.owner);
    if (owners.length > 1) problems.push(`job "${name}" has ${owners.length} failure hooks: ${owners.join(', ')}`);
  }
  return problems;
}

/**
 * Finds every @OnJob method at boot; each runs only with a payload its job's schema accepts. And every @OnJobFailed
 * hook: it reads the payload with the production catalogue's schema (a test catalogue may refuse payloads to make a
 * job fail for good; the object still has to be marked failed).
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly failedHooks = new Map<string, JobFailedHook>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(JOB_CATALOGUE_TOKEN) private readonly catalogue: JobCatalogue,
  ) {}

  onModuleInit(): void {
    const found: Found[] = [];
    const hooks: Array<{ name: string; owner: string; hook: JobFailedHook }> = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const failed = this.reflector.get<string | undefined>(ON_JOB_FAILED, fn as () => unknown);
        if (failed) hooks.push({ name: failed, owner: `${instance.constructor.name}.${method}`, hook: (fn as JobFailedHook).bind(instance) });
        const name = this.reflector.get<string | undefined>(ON_JOB, fn as () => unknown);
        if (!name) continue;
        found.push({ name, owner: `${instance.constructor.name}.${method}`, handler: (fn as JobHandler).bind(instance) });
      }
    }
    const problems = [...checkHandlers(Object.keys(this.catalogue), found), ...checkFailedHooks(Object.keys(this.catalogue), hooks)];
    if (problems.length > 0) throw new Error(`Job registry: ${problems.join('; ')}`);
    for (const f of found) {
      const spec = this.catalogue[f.name]!;
      this.handlers.set(f.name, (payload, meta) => f.handler(parseJobPayload(f.name, spec, payload), meta));
    }
    for (const h of hooks) {
      const spec = (JOB_CATALOGUE as JobCatalogue)[h.name] ?? this.catalogue[h.name]!;
      this.failedHooks.set(h.name, (payload, failure) => h.hook(parseJobPayload(h.name, spec, payload), failure));
    }
  }

  /** The job's failure hook, if it has one. */
  failedHook(name: string): JobFailedHook | undefined {
    return this.failedHooks.get(name);
  }

  get(name: string): JobHandler {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`no handler for job "${name}"`);
    return handler;
  }
}
