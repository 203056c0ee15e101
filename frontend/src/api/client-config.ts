import type { ClientConfig } from '@zhengai/contracts';

/** Used until GET /api/client-config answers, and kept if it never does. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  csrfSecret: '',
  ssoEnabled: false,
  ssoLoginUrl: null,
  ssoLogoutUrl: null,
  loginFromParam: false,
  requestTimeoutMs: 60_000,
  version: '',
  // the counts wait for the server's word; the upload limit is the server's default until then
  warningCountsEnabled: false,
  fileMaxMb: 500,
};

// Fetched once at start (main.tsx) and read synchronously everywhere after, so the request layer
// and the route guards need no React context.
let current: ClientConfig = DEFAULT_CLIENT_CONFIG;

export function getClientConfig(): ClientConfig {
  return current;
}

export function setClientConfig(config: Partial<ClientConfig>): void {
  current = { ...DEFAULT_CLIENT_CONFIG, ...config };
}
