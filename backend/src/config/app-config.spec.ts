import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('runs zero-setup with no settings at all: embedded database, PostgreSQL queue, demo data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, redisUrl: null, demoData: true, runWorkers: true, env: 'development', dataDir: '.data' });
    expect(c.csrfSecret.length).toBeGreaterThanOrEqual(16);
  });

  it('reads every setting', () => {
    const c = loadConfig({
      PORT: '8080', DATABASE_URL: 'postgres://u@db/x', REDIS_URL: 'redis://r:6379', RUN_WORKERS: 'false', DEMO_DATA: 'yes',
      CSRF_SECRET: 'a-long-enough-secret', ALLOWED_ORIGINS: 'https://a.edu.cn, https://b.edu.cn', COOKIE_SECURE: '1', QUEUE_PREFIX: 'zg',
    });
    expect(c).toMatchObject({
      port: 8080, databaseUrl: 'postgres://u@db/x', redisUrl: 'redis://r:6379', runWorkers: false, demoData: true,
      csrfSecret: 'a-long-enough-secret', allowedOrigins: ['https://a.edu.cn', 'https://b.edu.cn'], cookieSecure: true, queuePrefix: 'zg',
    });
  });

  it('turns demo data off by default when a database is configured', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/x' }).demoData).toBe(false);
  });

  it('ends sessions after 30 idle minutes and 12 hours unless told otherwise', () => {
    expect(loadConfig({}).session).toEqual({ idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 });
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_MAX_HOURS: '8' }).session).toEqual({ idleMs: 15 * 60_000, maxMs: 8 * 3_600_000 });
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ SESSION_MAX_HOURS: 'half a day' })).toThrow(/SESSION_MAX_HOURS/);
  });

  it('reads the hosts an interface source may reach though they are not public (none unless told)', () => {
    expect(loadConfig({}).collectAllowedHosts).toEqual([]);
    expect(loadConfig({ COLLECT_ALLOWED_HOSTS: 'datacenter.school.edu.cn, 10.0.0.5,[::1]' }).collectAllowedHosts).toEqual(['datacenter.school.edu.cn', '10.0.0.5', '[::1]']);
    expect(() => loadConfig({ COLLECT_ALLOWED_HOSTS: 'a b' })).toThrow(/COLLECT_ALLOWED_HOSTS: must be host names or addresses separated by commas/);
    expect(loadConfig({ PUSH_ALLOWED_HOSTS: 'robot.school.edu.cn,10.0.0.9' }).pushAllowedHosts).toEqual(['robot.school.edu.cn', '10.0.0.9']);
    expect(loadConfig({ PUBLIC_URL: 'https://zg.school.edu.cn' }).publicUrl).toBe('https://zg.school.edu.cn');
    expect(() => loadConfig({ PUBLIC_URL: 'zg.school.edu.cn' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  });

  it('keeps the files\' disk reserve of FILES_MIN_FREE_MB, the default (null) when unset', () => {
    expect(loadConfig({}).filesMinFreeMb).toBeNull();
    expect(loadConfig({ FILES_MIN_FREE_MB: '2048' }).filesMinFreeMb).toBe(2048);
    expect(loadConfig({ FILES_MIN_FREE_MB: '0' }).filesMinFreeMb).toBe(0);
    expect(() => loadConfig({ FILES_MIN_FREE_MB: '-1' })).toThrow(/FILES_MIN_FREE_MB: must not be less than 0/);
    expect(() => loadConfig({ FILES_MIN_FREE_MB: '1GB' })).toThrow(/FILES_MIN_FREE_MB: must be a whole number/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', REDIS_URL: 'http://x', RUN_WORKERS: 'maybe' })).toThrow(ConfigError);
    const bad = () => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(bad).toThrow(/PORT: must not be greater than 65535/);
    expect(bad).toThrow('DATABASE_URL: must be a postgres:// URL (got "mysql://x")');
    expect(bad).toThrow(/LOG_LEVEL: must be one of fatal, error/);
    expect(() => loadConfig({ RUN_WORKERS: 'maybe' })).toThrow('RUN_WORKERS: must be true or false (1/0, yes/no, on/off) (got "maybe")');
  });

  it('reads an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', COOKIE_SECURE: '' })).toMatchObject({ port: 3000, databaseUrl: null, cookieSecure: false });
  });

  it('still checks the variables across each other when one of them is bad', () => {
    const bad = () => loadConfig({ NODE_ENV: 'production', PORT: 'x', CAS_SERVER_URL: 'https://cas.edu.cn' });
    expect(bad).toThrow(/PORT: must be a whole number[\s\S]*CSRF_SECRET: required[\s\S]*CAS_SERVICE_BASE_URL: required/);
  });

  it('requires real secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/x' })).toThrow(/CSRF_SECRET: required[\s\S]*SESSION_SECRET: required/);
    expect(() => loadConfig({ NODE_ENV: 'production', CSRF_SECRET: 'short' , SESSION_SECRET: 'x'.repeat(16) })).toThrow(/CSRF_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', CSRF_SECRET: 'c'.repeat(16), SESSION_SECRET: 's'.repeat(16) }).env).toBe('production');
  });

  it('serves the API documents to signed-in people only in production unless API_DOCS says otherwise', () => {
    const production = { NODE_ENV: 'production', CSRF_SECRET: 'c'.repeat(16), SESSION_SECRET: 's'.repeat(16) };
    expect(loadConfig(production).apiDocs).toBe('signed-in');
    expect(loadConfig({}).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe('public');
    expect(loadConfig({ ...production, API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ API_DOCS: 'signed-in' }).apiDocs).toBe('signed-in');
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'private' })).toThrow('API_DOCS: must be one of public, signed-in, off (got "private")');
  });

  it('lets CAS users in without pre-registration only when asked (CAS_CREATE_USERS, issue 32)', () => {
    const cas = { CAS_SERVER_URL: 'https://cas.edu.cn/cas', CAS_SERVICE_BASE_URL: 'https://zg.edu.cn' };
    expect(loadConfig(cas).cas?.createUsers).toBeNull();
    expect(loadConfig({ ...cas, CAS_DEFAULT_ROLE: 'expert' }).cas?.createUsers).toBeNull();
    expect(loadConfig({ ...cas, CAS_CREATE_USERS: 'true', CAS_DEFAULT_ROLE: ' targetTaskOwner ', CAS_DEPARTMENT_ATTRIBUTE: 'ou' }).cas?.createUsers).toEqual({
      defaultRole: 'targetTaskOwner',
      departmentAttribute: 'ou',
      nameAttribute: 'displayName',
    });
    expect(() => loadConfig({ ...cas, CAS_CREATE_USERS: 'maybe' })).toThrow('CAS_CREATE_USERS: must be true or false');
  });
});
