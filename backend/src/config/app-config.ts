import { z } from 'zod';

// The environment is read through one zod schema, like every other input (issue 30): each variable's text becomes its
// typed value here, and every bad one is named in a single ConfigError.

/** '' is unset (a variable written `FOO=` in an env file). */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const toBool = (value: unknown) => {
  if (value === undefined || value === '') return undefined;
  const word = String(value).toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(word)) return true;
  if (['0', 'false', 'no', 'off'].includes(word)) return false;
  return value;
};
const toInt = (value: unknown) => (value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value);

const textVar = () => z.preprocess(unsetIfEmpty, z.string().optional());
const urlVar = (pattern: RegExp, message: string) => z.preprocess(unsetIfEmpty, z.string().regex(pattern, { error: message }).optional());
const secretVar = () => z.preprocess(unsetIfEmpty, z.string().min(16, { error: 'must be at least 16 characters' }).optional());
const boolVar = () => z.preprocess(toBool, z.boolean({ error: 'must be true or false (1/0, yes/no, on/off)' }).optional());
const intVar = (min: number, max: number) =>
  z.preprocess(
    toInt,
    z
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must not be less than ${String(min)}` })
      .max(max, { error: `must not be greater than ${String(max)}` })
      .optional(),
  );
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(unsetIfEmpty, z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional());

const POSTGRES_URL = /^postgres(ql)?:\/\/.+/;
const HTTP_URL = /^https?:\/\/.+/;

/** The environment as read; every variable is documented in README.md. */
const EnvironmentSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']),
  PORT: intVar(1, 65535),
  HOST: textVar(),
  DATABASE_URL: urlVar(POSTGRES_URL, 'must be a postgres:// URL'),
  REDIS_URL: urlVar(/^rediss?:\/\/.+/, 'must be a redis:// URL'),
  DATA_DIR: textVar(),
  EMBEDDED_PG_PORT: intVar(1, 65535),
  CSRF_SECRET: secretVar(),
  SESSION_SECRET: secretVar(),
  COOKIE_SECURE: boolVar(),
  SESSION_IDLE_MINUTES: intVar(1, 1440),
  SESSION_MAX_HOURS: intVar(1, 720),
  ALLOWED_ORIGINS: textVar(),
  TRUST_PROXY: boolVar(),
  RUN_WORKERS: boolVar(),
  DEMO_DATA: boolVar(),
  QUEUE_PREFIX: urlVar(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, _ or -'),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  STATIC_DIR: textVar(),
  INITIAL_ADMIN_PASSWORD: urlVar(/^(?=.*[A-Za-z])(?=.*\d).{8,}$/, 'must have letters and digits, at least 8 characters'),
  CAS_SERVER_URL: urlVar(HTTP_URL, 'must be an http(s):// URL'),
  CAS_SERVICE_BASE_URL: urlVar(HTTP_URL, 'must be an http(s):// URL'),
  CAS_VERSION: oneOf(['2.0', '3.0']),
  CAS_TIMEOUT_MS: intVar(500, 60_000),
  CAS_CREATE_USERS: boolVar(),
  CAS_DEFAULT_ROLE: textVar(),
  CAS_DEPARTMENT_ATTRIBUTE: textVar(),
  CAS_NAME_ATTRIBUTE: textVar(),
  FILES_DIR: textVar(),
  FILE_MAX_MB: intVar(1, 10_240),
  CHUNK_TTL_HOURS: intVar(1, 720),
  FILES_MIN_FREE_MB: intVar(0, 1_073_741_824),
  WARNING_SCAN_EVERY_MINUTES: intVar(0, 10_080),
  DATABASE_POOL_MAX: intVar(1, 500),
  SQL_SOURCE_URL: urlVar(POSTGRES_URL, 'must be a postgres:// URL'),
  LOGIN_FROM_PARAM: boolVar(),
  WARNING_COUNTS: boolVar(),
  SQL_READER_PASSWORD: textVar(),
  COLLECT_ALLOWED_HOSTS: urlVar(/^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*,?\s*$/, 'must be host names or addresses separated by commas'),
  API_DOCS: oneOf(['public', 'signed-in', 'off']),
  PUSH_ALLOWED_HOSTS: urlVar(/^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*,?\s*$/, 'must be host names or addresses separated by commas'),
  PUBLIC_URL: urlVar(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL, e.g. https://zg.school.edu.cn'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Null means zero-setup mode: an embedded PostgreSQL under dataDir. */
  databaseUrl: string | null;
  /** Null means BullMQ runs on its PostgreSQL backend in the app's database. */
  redisUrl: string | null;
  dataDir: string;
  embeddedPgPort: number;
  csrfSecret: string;
  sessionSecret: string;
  cookieSecure: boolean;
  /** A session not remembered ends after idleMs without a request, and maxMs after login whatever its use. */
  session: { idleMs: number; maxMs: number };
  allowedOrigins: string[];
  trustProxy: boolean;
  runWorkers: boolean;
  demoData: boolean;
  queuePrefix: string;
  logLevel: string;
  staticDir: string;
  /** How old a csrfTimestamp may be before it is refused. */
  csrfMaxAgeMs: number;
  requestTimeoutMs: number;
  /** Creates the account admin with this password at start when no administrator exists. */
  initialAdminPassword: string | null;
  /** Single sign-on through CAS; null when CAS_SERVER_URL is not set. */
  cas: {
    serverUrl: string;
    serviceBaseUrl: string;
    version: '2.0' | '3.0';
    timeoutMs: number;
    /**
     * Single sign-on without pre-registration (CAS_CREATE_USERS): a CAS user with no account gets one at first login,
     * with the default role (a role's code or name) and the department a CAS attribute names (by department name).
     * Null: unknown CAS users are refused.
     */
    createUsers: { defaultRole: string | null; departmentAttribute: string | null; nameAttribute: string } | null;
  } | null;
  /** Evidence files and their upload chunks (`.chunks/`) live here. */
  filesDir: string;
  /** The largest file an upload may make, in MiB. */
  fileMaxMb: number;
  /** Chunks of an upload that was never merged are removed after this many hours. */
  chunkTtlHours: number;
  /**
   * Free space (MiB) the files' disk keeps: an upload chunk that would leave less is refused (磁盘空间不足). Null: the
   * larger of 1 GiB and 5 % of the disk.
   */
  filesMinFreeMb: number | null;
  /** How often the scheduled scan-warnings job runs; 0 means never on a schedule. */
  warningScanEveryMinutes: number;
  /** PostgreSQL connections each process may open (its pool). */
  databasePoolMax: number;
  /**
   * Where SQL sources run: url (a read-only role's connection) or, when null, the app's database as
   * zhengai_sql_reader with readerPassword (set on the role at start when given).
   */
  sqlSource: { url: string | null; readerPassword: string | null };
  /**
   * Hosts (names or addresses) an interface collection source may reach though they are not public; every other
   * loopback, private, link-local or metadata address is refused.
   */
  collectAllowedHosts: string[];
  /** Hosts message push (robots, webhooks) may reach though they are not public, e.g. an intranet robot gateway. */
  pushAllowedHosts: string[];
  /** The platform's public address, before the links of mails and robot posts (null: the links are paths). */
  publicUrl: string | null;
  /** The redirect to /login carries ?from=<original path> (spec 000 §2). */
  loginFromParam: boolean;
  /** The home page loads the warning counts of target tasks (spec 000 §6) for people with their menus. */
  warningCounts: boolean;
  /**
   * Who may read the OpenAPI document and its page (/api/docs, /api/docs-json): anyone, signed-in people only (401
   * otherwise), or nobody (not served). Signed-in by default in production, public otherwise.
   */
  apiDocs: 'public' | 'signed-in' | 'off';
}

export class ConfigError extends Error {}

// Defaults for zero-setup mode only; production refuses to start without real secrets.
const DEV_CSRF_SECRET = 'zhengai-dev-csrf-secret-change-me';
const DEV_SESSION_SECRET = 'zhengai-dev-session-secret-change-me';

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // each variable on its own, so the cross checks below still see the good ones when another is bad
  const problems: string[] = [];
  const raw: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(EnvironmentSchema.shape)) {
    const result = schema.safeParse(env[name]);
    if (result.success) raw[name] = result.data;
    else problems.push(`${name}: ${result.error.issues[0]!.message} (got "${String(env[name])}")`);
  }
  return fromVariables(raw as z.infer<typeof EnvironmentSchema>, problems);
}

function fromVariables(raw: z.infer<typeof EnvironmentSchema>, problems: string[]): AppConfig {
  const nodeEnv = (raw.NODE_ENV ?? 'development') as AppConfig['env'];
  if (nodeEnv === 'production') {
    if (!raw.CSRF_SECRET) problems.push('CSRF_SECRET: required when NODE_ENV=production (at least 16 characters)');
    if (!raw.SESSION_SECRET) problems.push('SESSION_SECRET: required when NODE_ENV=production (at least 16 characters)');
  }
  if (raw.CAS_SERVER_URL && !raw.CAS_SERVICE_BASE_URL) {
    problems.push('CAS_SERVICE_BASE_URL: required with CAS_SERVER_URL (the platform\'s public URL, e.g. https://zg.school.edu.cn)');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  const zeroSetup = !raw.DATABASE_URL;
  const dataDir = raw.DATA_DIR ?? '.data';
  return {
    env: nodeEnv,
    port: raw.PORT ?? 3000,
    host: raw.HOST ?? '0.0.0.0',
    databaseUrl: raw.DATABASE_URL ?? null,
    redisUrl: raw.REDIS_URL ?? null,
    dataDir,
    embeddedPgPort: raw.EMBEDDED_PG_PORT ?? 54329,
    csrfSecret: raw.CSRF_SECRET ?? DEV_CSRF_SECRET,
    sessionSecret: raw.SESSION_SECRET ?? DEV_SESSION_SECRET,
    cookieSecure: raw.COOKIE_SECURE ?? false,
    session: { idleMs: (raw.SESSION_IDLE_MINUTES ?? 30) * 60_000, maxMs: (raw.SESSION_MAX_HOURS ?? 12) * 3_600_000 },
    allowedOrigins: (raw.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: raw.TRUST_PROXY ?? false,
    runWorkers: raw.RUN_WORKERS ?? true,
    demoData: raw.DEMO_DATA ?? zeroSetup,
    queuePrefix: raw.QUEUE_PREFIX ?? 'zhengai',
    logLevel: raw.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    staticDir: raw.STATIC_DIR ?? 'frontend/dist',
    csrfMaxAgeMs: 10 * 60 * 1000,
    requestTimeoutMs: 60_000,
    initialAdminPassword: raw.INITIAL_ADMIN_PASSWORD ?? null,
    cas: raw.CAS_SERVER_URL
      ? {
          serverUrl: raw.CAS_SERVER_URL,
          serviceBaseUrl: raw.CAS_SERVICE_BASE_URL!,
          version: (raw.CAS_VERSION ?? '3.0') as '2.0' | '3.0',
          timeoutMs: raw.CAS_TIMEOUT_MS ?? 5_000,
          createUsers: raw.CAS_CREATE_USERS
            ? { defaultRole: raw.CAS_DEFAULT_ROLE?.trim() || null, departmentAttribute: raw.CAS_DEPARTMENT_ATTRIBUTE?.trim() || null, nameAttribute: raw.CAS_NAME_ATTRIBUTE?.trim() || 'displayName' }
            : null,
        }
      : null,
    filesDir: raw.FILES_DIR ?? `${dataDir}/files`,
    fileMaxMb: raw.FILE_MAX_MB ?? 500,
    chunkTtlHours: raw.CHUNK_TTL_HOURS ?? 24,
    filesMinFreeMb: raw.FILES_MIN_FREE_MB ?? null,
    // 0 turns the scheduled scan off (a scan can still be started by an administrator).
    warningScanEveryMinutes: raw.WARNING_SCAN_EVERY_MINUTES ?? 60,
    databasePoolMax: raw.DATABASE_POOL_MAX ?? 20,
    sqlSource: { url: raw.SQL_SOURCE_URL ?? null, readerPassword: raw.SQL_READER_PASSWORD ?? null },
    collectAllowedHosts: (raw.COLLECT_ALLOWED_HOSTS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    pushAllowedHosts: (raw.PUSH_ALLOWED_HOSTS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    publicUrl: raw.PUBLIC_URL ?? raw.CAS_SERVICE_BASE_URL ?? null,
    loginFromParam: raw.LOGIN_FROM_PARAM ?? true,
    warningCounts: raw.WARNING_COUNTS ?? true,
    apiDocs: (raw.API_DOCS ?? (nodeEnv === 'production' ? 'signed-in' : 'public')) as AppConfig['apiDocs'],
  };
}

/** Injection token for the loaded configuration: `@Inject(APP_CONFIG) config: AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');
