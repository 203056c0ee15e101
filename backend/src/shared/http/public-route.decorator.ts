import { SetMetadata } from '@nestjs/common';

export const SKIP_CSRF = 'skipCsrf';

/**
 * Marks a route that takes no csrf parameters: calls made before the browser has the secret
 * (the client configuration), by machines (health checks) or by other servers (CAS single logout).
 */
export const SkipCsrf = () => SetMetadata(SKIP_CSRF, true);
