// Platform-level calls that belong to no business area.
import { get, type GetOptions } from './request';
import type { ClientConfig, Health } from '@zhengai/contracts';

/** GET /api/client-config — csrf secret, SSO addresses, timeouts; fetched once at start. */
export function fetchClientConfig(opts: GetOptions<ClientConfig> = {}): Promise<ClientConfig> {
  return get<ClientConfig>('/api/client-config', undefined, opts);
}

/** GET /api/health */
export function getHealth(opts: GetOptions<Health> = {}): Promise<Health> {
  return get<Health>('/api/health', undefined, opts);
}
