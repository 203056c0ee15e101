import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase()) ? true
    : ['0', 'false', 'no', 'off'].includes(String(value).toLowerCase()) ? false : value;
const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** The environment as read; every variable is documented in README.md. */
class EnvironmentVariables {
  @IsOptional() @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;

  @Transform(toInt) @IsOptional() @IsInt() @Min(1) @Max(65535)
  PORT?: number;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  HOST?: string;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  DATA_DIR?: string;

  @Transform(toInt) @IsOptional() @IsInt() @Min(1) @Max(65535)
  EMBEDDED_PG_PORT?: number;

  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(16)
  CSRF_SECRET?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(16)
  SESSION_SECRET?: string;

  @Transform(toBool) @IsOptional() @IsBoolean()
  COOKIE_SECURE?: boolean;

  @Transform(toInt) @IsOptional() @IsInt() @Min(1) @Max(1440)
  SESSION_IDLE_MINUTES?: number;

  @Transform(toInt) @IsOptional() @IsInt() @Min(1) @Max(720)
  SESSION_MAX_HOURS?: number;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  ALLOWED_ORIGINS?: string;

  @Transform(toBool) @IsOptional() @IsBoolean()
  TRUST_PROXY?: boolean;

  @Transform(toBool) @IsOptional() @IsBoolean()
  RUN_WORKERS?: boolean;

  @Transform(toBool) @IsOptional() @IsBoolean()
  DEMO_DATA?: boolean;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: 'must be 1-40 letters, digits, _ or -' })
  QUEUE_PREFIX?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  STATIC_DIR?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString() @Matches(/^(?=.*[A-Za-z])(?=.*\d).{8,}$/, { message: 'must have letters and digits, at least 8 characters' })
  INITIAL_ADMIN_PASSWORD?: string;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^https?:\/\/.+/, { message: 'must be an http(s):// URL' })
  CAS_SERVER_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^https?:\/\/.+/, { message: 'must be an http(s):// URL' })
  CAS_SERVICE_BASE_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsIn(['2.0', '3.0'])
  CAS_VERSION?: string;

  @Transform(toInt) @IsOptional() @IsInt() @Min(500) @Max(60_000)
  CAS_TIMEOUT_MS?: number;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  FILES_DIR?: string;

  @Transform(toInt) @IsOptional() @IsInt() @Min(1) @Max(10_240)
  FILE_MAX_MB?: number;

  @Transform(toInt) @IsOptional() @IsInt() @Min(1) @Max(720)
  CHUNK_TTL_HOURS?: number;

  @Transform(toInt) @IsOptional() @IsInt() @Min(0) @Max(10_080)
  WARNING_SCAN_EVERY_MINUTES?: number;

  @Transform(toInt) @IsOptional() @IsInt() @Min(1) @Max(500)
  DATABASE_POOL_MAX?: number;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  SQL_SOURCE_URL?: string;

  @Transform(toBool) @IsOptional() @IsBoolean()
  LOGIN_FROM_PARAM?: boolean;

  @Transform(toBool) @IsOptional() @IsBoolean()
  WARNING_COUNTS?: boolean;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  SQL_READER_PASSWORD?: string;
}

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
  cas: { serverUrl: string; serviceBaseUrl: string; version: '2.0' | '3.0'; timeoutMs: number } | null;
  /** Evidence files and their upload chunks (`.chunks/`) live here. */
  filesDir: string;
  /** The largest file an upload may make, in MiB. */
  fileMaxMb: number;
  /** Chunks of an upload that was never merged are removed after this many hours. */
  chunkTtlHours: number;
  /** How often the scheduled scan-warnings job runs; 0 means never on a schedule. */
  warningScanEveryMinutes: number;
  /** PostgreSQL connections each process may open (its pool). */
  databasePoolMax: number;
  /**
   * Where SQL sources run: url (a read-only role's connection) or, when null, the app's database as
   * zhengai_sql_reader with readerPassword (set on the role at start when given).
   */
  sqlSource: { url: string | null; readerPassword: string | null };
  /** The redirect to /login carries ?from=<original path> (spec 000 §2). */
  loginFromParam: boolean;
  /** The home page loads the warning counts of target tasks (spec 000 §6) for people with their menus. */
  warningCounts: boolean;
}

export class ConfigError extends Error {}

// Defaults for zero-setup mode only; production refuses to start without real secrets.
const DEV_CSRF_SECRET = 'zhengai-dev-csrf-secret-change-me';
const DEV_SESSION_SECRET = 'zhengai-dev-session-secret-change-me';

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = plainToInstance(EnvironmentVariables, { ...env });
  const errors = validateSync(raw, { skipMissingProperties: false, whitelist: false });
  const problems = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')} (got "${String(env[e.property])}")`);
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
      ? { serverUrl: raw.CAS_SERVER_URL, serviceBaseUrl: raw.CAS_SERVICE_BASE_URL!, version: (raw.CAS_VERSION ?? '3.0') as '2.0' | '3.0', timeoutMs: raw.CAS_TIMEOUT_MS ?? 5_000 }
      : null,
    filesDir: raw.FILES_DIR ?? `${dataDir}/files`,
    fileMaxMb: raw.FILE_MAX_MB ?? 500,
    chunkTtlHours: raw.CHUNK_TTL_HOURS ?? 24,
    // 0 turns the scheduled scan off (a scan can still be started by an administrator).
    warningScanEveryMinutes: raw.WARNING_SCAN_EVERY_MINUTES ?? 60,
    databasePoolMax: raw.DATABASE_POOL_MAX ?? 20,
    sqlSource: { url: raw.SQL_SOURCE_URL ?? null, readerPassword: raw.SQL_READER_PASSWORD ?? null },
    loginFromParam: raw.LOGIN_FROM_PARAM ?? true,
    warningCounts: raw.WARNING_COUNTS ?? true,
  };
}

/** Injection token for the loaded configuration: `@Inject(APP_CONFIG) config: AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');
