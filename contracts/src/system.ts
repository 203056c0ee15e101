// Platform-level answers that belong to no business area: the client configuration, health, the system setting.
import { z } from 'zod';

/** GET /api/client-config: what the browser needs before its first real call. */
export const ClientConfigSchema = z
  .object({
    csrfSecret: z.string().describe('secret of the csrfToken (md5 of csrfTimestamp + secret); no secret from the browser, see README'),
    ssoEnabled: z.boolean(),
    ssoLoginUrl: z.string().nullable(),
    ssoLogoutUrl: z.string().nullable(),
    loginFromParam: z.boolean().describe('when true, the redirect to /login carries ?from=<original path>'),
    requestTimeoutMs: z.number().int(),
    version: z.string(),
    warningCountsEnabled: z.boolean().describe('when true, the home page loads GET warningCount for people with one of its three menus'),
    fileMaxMb: z.number().int().describe('the largest file an upload may make, in MB (FILE_MAX_MB)'),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** GET /api/health: 200 when the database and the queue answer; 503 with this data otherwise. */
export const HealthSchema = z
  .object({
    database: z.enum(['up', 'down']),
    queue: z.enum(['up', 'down']),
    queueBackend: z.enum(['redis', 'postgres']),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

/** GET /api/user/systemSetting/{appId}: the system's name and logo. */
export const SystemSettingSchema = z
  .object({
    id: z.string(),
    systemName: z.string(),
    systemNameSource: z.string().describe('the name as configured, possibly with markup'),
    logoAttachment: z.object({ id: z.string(), url: z.string() }).nullable(),
  })
  .meta({ id: 'SystemSetting' });
export type SystemSetting = z.infer<typeof SystemSettingSchema>;
