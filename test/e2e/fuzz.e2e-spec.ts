import fc from 'fast-check';
import type { Response, Test } from 'supertest';
import type { DataSource } from 'typeorm';
import { ErrorCatalogue } from '../../backend/src/shared/errors/error-catalogue.js';
import { ownDatabase } from './support/own-database.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, withCsrf, type TestApp } from './support/test-app.js';

// Input fuzzing (issue 11): every write operation of the app's own OpenAPI document gets bodies, query strings and
// path parameters generated from its schema and then broken. Every answer is an accepted write or a 4xx envelope
// with a Chinese message, never a 5xx; a refused call changes nothing stored. The suite runs on a database of its
// own (it writes freely and puts change triggers on every table) and reproduces with FUZZ_SEED.

const SEED = Number(process.env.FUZZ_SEED ?? 20261111);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Whole-suite budget for the requests, shared by the operations, so the suite stays under 2 minutes. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000);
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];
/** Public writes, fuzzed without a session (each from its own address, so the login throttle sees strangers). */
const PUBLIC_WRITES = ['POST /api/user/login', 'POST /api/user/cas/callback'];
/**
 * Writes on the caller's own session, on an administrator session apart from the fuzzing one, which must live on:
 * a fresh one for each logout; one for every password change, last of all (wrong old passwords lock the account's logins).
 */
const OWN_SESSION_WRITES = ['POST /api/user/logout', 'POST /api/user/password/update'];
/** Tables a refused call may touch: the session (touched by every call) and the failed-login counts (by design). */
const UNWATCHED_TABLES = ['user_session', 'login_failure', 'migrations'];
/**
 * Designed clean-up by a refusal: a refused merge discards the upload it refuses (files README, "a refusal leaves
 * nothing behind"; files.e2e-spec asserts it). Nothing else a refusal may write.
 */
const REFUSAL_CLEANUP: Record<string, string[]> = { 'POST /api/docrepo/upload/merge': ['public.upload_session delete'] };
const CJK = /[\u4e00-\u9fff]/;
/**
 * The field walk's budget (issue 30): every field of every write gets null, control characters and a wrong type,
 * about 1,150 requests (60 s on a loaded 2-core machine); the budget is a ceiling, the walk must finish inside it.
 */
const FIELD_BUDGET_MS = Number(process.env.FUZZ_FIELD_BUDGET_MS ?? 120_000);
/** Control characters a text field must refuse (a terminal escape, bell, backspace), with Chinese around them. */
const CONTROL_TEXT = '探测\u0001\u0007\u001b[31m红\u0008';

interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  format?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** A JSON token written as is: numbers JSON cannot carry from JavaScript, and nesting too deep to stringify. */
class Raw {
  constructor(readonly text: string) {}
}

interface FuzzRequest {
  path: string;
  query: Record<string, string>;
  /** JSON text, or multipart fields and files, or nothing. */
  json?: string;
  form?: { fields: Record<string, string>; files: Record<string, { name: string; bytes: Buffer }> };
}

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}:${toJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

function deep(depth: number, kind: 'array' | 'object'): Raw {
  return new Raw(kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

/** Strings a hostile caller sends. */
const hostileShortString = fc.oneof(
  fc.constantFrom(
    'a\u0000b', '\u0000', 'x\u0007\u001b[31m\u007f', '\ud800', 'a\udfffb', '\u202e\ufeff\u200b',
    "' OR '1'='1", "1'; DROP TABLE app_user; --", "x') UNION SELECT version() --", '$$;$$', ':dxbm\\',
    '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '${7*7}{{7*7}}',
    '../../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/passwd', 'a/../../b', '%00', '%2e%2e%2f',
    '', ' ', 'NaN', '-1', '1e400', 'null', 'true', '[]', '{}',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\ud800', '\udc00', 'a', '中'), maxLength: 20 }),
  fc.constant('x'.repeat(2_000)),
);
/** For bodies also 100,000 characters (a query string that long is refused by Node's header limit, 431, before the app). */
const hostileString = fc.oneof(hostileShortString, fc.constantFrom('x'.repeat(100_000), '中'.repeat(100_000)));

/** Any value of a wrong kind: strings above, numbers JSON cannot hold, deep nesting, arrays for objects, prototype keys. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE, 0.5, -0.000001),
  fc.constantFrom(new Raw('1e400'), new Raw('-1e400'), new Raw('123456789012345678901234567890'), new Raw('-0')),
  fc.constantFrom(true, false, null),
  fc.constantFrom(deep(64, 'array'), deep(10_000, 'array'), deep(200_000, 'array'), deep(5_000, 'object')),
  fc.constantFrom([], [1, 'a'], [[[]]], {}, JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown, { constructor: { prototype: { x: 1 } } }),
  fc.array(hostileString, { maxLength: 3 }),
);

describe('input fuzzing of every write operation (fast-check, real PostgreSQL)', () => {
  let t: TestApp;
  let db: DataSource;
  let doc: OpenApiDocument;
  let admin: ReturnType<typeof client>;
  let idPool: string[] = [];
  let addresses = 0;
  let passwordSession: Caller | undefined;
  const own = ownDatabase('fuzz');

  beforeAll(async () => {
    await own.create();
    t = await startTestApp({ env: { DATABASE_URL: own.url, TRUST_PROXY: 'true' } });
    db = await seed(t);
    doc = (await t.http.get('/api/docs-json')).body as OpenApiDocument;
    admin = client(t);
    expect((await admin.login('admin', 'Admin2026')).body.meta.success).toBe(true);
    idPool = await knownIds(db);
    await watchChanges(db);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await own.drop();
  });

  it(
    'answers every broken request with an accepted write or a 4xx Chinese envelope, and a refusal changes nothing',
    async () => {
      const all = writeOperations(doc);
      expect(all.length).toBeGreaterThan(50);
      // FUZZ_ONLY (a substring of 'POST /api/…') replays one operation, e.g. with the seed a failure printed.
      const ops = all.filter((op) => op.name.includes(process.env.FUZZ_ONLY ?? ''));
      ops.sort((a, b) => OWN_SESSION_WRITES.indexOf(a.name) - OWN_SESSION_WRITES.indexOf(b.name));
      const perOpMs = Math.floor(BUDGET_MS / ops.length);
      let requests = 0;
      let serverErrors = 0;
      const failures: string[] = [];

      for (const op of ops) {
        const deadline = Date.now() + perOpMs;
        let last = '';
        const details = await fc.check(
          fc.asyncProperty(requestOf(op, idPool, doc), async (req) => {
            // The budget is checked between requests: fast-check's own time limit abandons a request in flight,
            // whose write would then land in the next request's window.
            if (Date.now() > deadline) return true;
            requests += 1;
            const caller = await callerFor(op.name);
            const before = await changeMark(db);
            const res = await send(caller, op.name, req).catch((error: Error) => {
              last = `no answer: ${error.message}`;
              throw error;
            });
            if (res.status >= 500) serverErrors += 1;
            const changed = (await changedTables(db, before)).filter((c) => !REFUSAL_CLEANUP[op.name]?.includes(c));
            last = `${res.status} ${res.text.slice(0, 200)}${changed.length ? ` changed ${changed.join(',')}` : ''}`;
            return judge(res, changed) === null;
          }),
          { seed: seedOf(op.name), numRuns: RUNS, endOnFailure: true },
        );
        if (details.failed) {
          if (!last) last = String((details.errorInstance as Error | undefined)?.message).slice(0, 300);
          const example = details.counterexample ? describeRequest(details.counterexample[0]) : '';
          failures.push(`${op.name} (FUZZ_SEED=${SEED} FUZZ_ONLY='${op.name}', path ${details.counterexamplePath}): ${last} ← ${example}`);
        }
      }
      // The counts the issue's closing note asks for.
      console.log(`fuzz: ${ops.length} operations, ${requests} requests, ${serverErrors} answers 5xx, seed ${SEED}`);
      expect(failures).toEqual([]);
      expect(serverErrors).toBe(0);
    },
    // A bound for a hung run, not a speed goal: the budget stops new cases, but a case under way (its request and
    // the table check after it) finishes, and with two e2e workers and other processes on two cores one took 100 s.
    BUDGET_MS + 240_000,
  );

  it(
    'answers null, control characters and a wrong type in each field of every write with a success or a 4xx envelope',
    async () => {
      // Own-session writes are left to the random part above: wrong old passwords would lock the logins it needs.
      const ops = writeOperations(doc).filter((op) => !OWN_SESSION_WRITES.includes(op.name) && op.name.includes(process.env.FUZZ_ONLY ?? ''));
      const deadline = Date.now() + FIELD_BUDGET_MS;
      const failures: string[] = [];
      let requests = 0;
      let walked = 0;
      for (const op of ops) {
        if (Date.now() > deadline) break;
        walked += 1;
        for (const req of fieldBreaks(op, idPool, doc)) {
          requests += 1;
          const caller = await callerFor(op.name);
          const before = await changeMark(db);
          const res = await send(caller, op.name, req.request);
          const changed = (await changedTables(db, before)).filter((c) => !REFUSAL_CLEANUP[op.name]?.includes(c));
          const wrong = judge(res, changed);
          if (wrong) failures.push(`${op.name} ${req.what}: ${wrong}: ${res.status} ${res.text.slice(0, 160)}${changed.length ? ` changed ${changed.join(',')}` : ''}`);
        }
      }
      console.log(`fuzz field walk: ${walked} of ${ops.length} operations, ${requests} requests`);
      // Every operation walked within the budget: a slower machine shows here instead of fields silently left out.
      expect(walked).toBe(ops.length);
      expect(failures).toEqual([]);
    },
    FIELD_BUDGET_MS + 45_000,
  );

  type Caller = (method: 'post' | 'put' | 'patch' | 'delete', url: string) => Test;

  /** Who calls an operation: nobody (public ones, each from a new address), a fresh session, or the fuzzing one. */
  async function callerFor(name: string): Promise<Caller> {
    if (PUBLIC_WRITES.includes(name)) {
      addresses += 1;
      const address = `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
      return (method, url) => t.http[method](url).set('X-Forwarded-For', address);
    }
    if (OWN_SESSION_WRITES.includes(name)) {
      if (name !== 'POST /api/user/logout' && passwordSession) return passwordSession;
      const own = client(t);
      expect((await own.login('admin', 'Admin2026')).body.meta.success).toBe(true);
      const caller: Caller = (method, url) => own.agent[method](url);
      if (name !== 'POST /api/user/logout') passwordSession = caller;
      return caller;
    }
    return (method, url) => admin.agent[method](url);
  }

  /** Sends a request with the csrf parameters. */
  async function send(caller: Caller, name: string, req: FuzzRequest): Promise<Response> {
    const method = name.split(' ')[0]!.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
    const query = Object.entries(req.query).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
    let call = caller(method, withCsrf(query ? `${req.path}?${query}` : req.path, t.config.csrfSecret));
    if (req.form) {
      for (const [k, v] of Object.entries(req.form.fields)) call = call.field(k, v);
      for (const [k, f] of Object.entries(req.form.files)) call = call.attach(k, f.bytes, f.name || 'x');
    } else if (req.json !== undefined) {
      call = call.set('Content-Type', 'application/json').send(req.json);
    }
    return call;
  }
});

/** Each operation's own seed, so FUZZ_ONLY replays exactly what the whole run sent it. */
function seedOf(name: string): number {
  let hash = SEED;
  for (const ch of name) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

/** Null when the answer is as it must be, else what is wrong with it. */
function judge(res: Response, changed: string[]): string | null {
  if (res.status >= 500) return 'a 5xx answer';
  const body = res.body as { meta?: { success?: boolean; message?: string }; code?: number } | undefined;
  if (body?.meta?.success === true) return res.status < 300 ? null : 'success with an error status';
  if (body?.meta?.success !== false || typeof body.code !== 'number' || body.code === 0) return 'a refusal without the envelope';
  // The spec's no-permission refusal keeps its own status (200) and wording.
  const noPermission = body.code === ErrorCatalogue.NO_PERMISSION.code && body.meta.message === ErrorCatalogue.NO_PERMISSION.message;
  if (!noPermission && (res.status < 400 || res.status >= 500)) return 'a refusal without a 4xx status';
  if (!noPermission && !CJK.test(body.meta.message ?? '')) return 'a refusal message not in Chinese';
  if (/\bat \S+\.(js|ts):\d+|node_modules|SQLSTATE|syntax error at/.test(res.text)) return 'internals in the answer';
  if (changed.length) return 'a refusal that changed stored data';
  return null;
}

function writeOperations(doc: OpenApiDocument): Array<{ name: string; route: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => WRITE_METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${route}`, route, op })),
  );
}

function resolve(schema: Schema, doc: OpenApiDocument): Schema {
  if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.split('/').pop()!] ?? {}, doc);
  if (schema.allOf?.length === 1) return { ...resolve(schema.allOf[0]!, doc), nullable: schema.nullable };
  return schema;
}

/** A plausible value of a schema: what a form would send, ids of rows that exist among the strings. */
function valueOf(schema: Schema, doc: OpenApiDocument, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  const plain = (() => {
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valueOf(a, doc, ids, depth + 1)));
    switch (s.type) {
      case 'string':
        return fc.oneof(fc.constantFrom(...ids), fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('测试名称', '2026', '1'));
      case 'integer':
      case 'number':
        return fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 100 });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(valueOf(s.items ?? {}, doc, ids, depth + 1), { maxLength: 3 });
      case 'object':
        if (s.properties && depth <= 3) return objectOf(s, doc, ids, depth + 1);
        return fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 10 }), fc.constant(null));
      default:
        return fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 8 }), fc.constant(null));
    }
  })();
  return s.nullable ? fc.oneof(plain, fc.constant(null)) : plain;
}

function objectOf(s: Schema, doc: OpenApiDocument, ids: string[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(s.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const k of keys) record[k] = valueOf(s.properties![k]!, doc, ids, depth);
  return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => keys.includes(k)) });
}

type Mutation =
  | { kind: 'none' }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.constant<Mutation>({ kind: 'none' }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id\u0000', 'isAdmin'), fc.string({ maxLength: 10 })),
      value: hostileValue,
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('whole' as const), value: hostileValue }), weight: 1 },
);

function mutate(base: Record<string, unknown>, m: Mutation): unknown {
  const keys = Object.keys(base);
  const out: Record<string, unknown> = { ...base };
  switch (m.kind) {
    case 'none':
      return out;
    case 'whole':
      return m.value;
    case 'replace':
      if (keys.length) out[keys[m.at % keys.length]!] = m.value;
      else return m.value;
      return out;
    case 'drop':
      if (keys.length) delete out[keys[m.at % keys.length]!];
      return out;
    case 'extra':
      Object.defineProperty(out, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
      return out;
  }
}

/** A request for an operation: its path, query and body from the schema, one part of it broken (or none). */
function requestOf(entry: { route: string; op: Operation }, ids: string[], doc: OpenApiDocument): fc.Arbitrary<FuzzRequest> {
  const params = (entry.op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const paramArb = fc.record(
    Object.fromEntries(params.map((p) => [`${p.in}:${p.name}`, fc.oneof(valueOf(p.schema ?? { type: 'string' }, doc, ids).map(String), hostileShortString)])),
    { requiredKeys: params.filter((p) => p.required || p.in === 'path').map((p) => `${p.in}:${p.name}`) },
  ) as fc.Arbitrary<Record<string, string>>;
  const [type, media] = Object.entries(entry.op.requestBody?.content ?? {})[0] ?? [];
  const bodySchema = media ? resolve(media.schema, doc) : { type: 'object', properties: {} };
  const baseArb: fc.Arbitrary<unknown> = bodySchema.type === 'object' ? objectOf(bodySchema, doc, ids, 0) : valueOf(bodySchema, doc, ids);
  const bodyArb = fc
    .tuple(baseArb, mutation)
    .map(([base, m]) => (base && typeof base === 'object' && !Array.isArray(base) ? mutate(base as Record<string, unknown>, m) : m.kind === 'none' ? base : m.kind === 'whole' || m.kind === 'replace' || m.kind === 'extra' ? m.value : base));
  return fc.tuple(paramArb, bodyArb, fc.uint8Array({ maxLength: 64 }), hostileString).map(([values, body, bytes, fileName]) => {
    let path = entry.route;
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      const [where, name] = key.split(':') as [string, string];
      if (where === 'path') path = path.replace(`{${name}}`, percentEncode(value));
      else query[name] = value;
    }
    const req: FuzzRequest = { path, query };
    if (type === 'multipart/form-data') {
      const fields: Record<string, string> = {};
      const files: Record<string, { name: string; bytes: Buffer }> = {};
      const props = bodySchema.properties ?? {};
      const values = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { file: body };
      for (const [k, v] of Object.entries(values)) {
        if (props[k]?.format === 'binary') files[k] = { name: fileName, bytes: Buffer.from(bytes) };
        else fields[k] = typeof v === 'string' ? v : toJson(v);
      }
      req.form = { fields, files };
    } else if (media || (body && typeof body === 'object' && Object.keys(body).length)) {
      req.json = toJson(body);
    }
    return req;
  });
}

/** Breaks that a field of the given schema must survive: null, control characters and a value of another type. */
function breaksOf(schema: Schema, doc: OpenApiDocument): Array<[string, unknown]> {
  const s = resolve(schema, doc);
  const wrong = s.type === 'string' || s.enum ? 12345 : s.type === 'array' || s.type === 'object' ? 'x' : 'abc';
  return [
    ['null', null],
    ['control characters', s.type === 'array' ? [CONTROL_TEXT] : CONTROL_TEXT],
    [`wrong type ${JSON.stringify(wrong)}`, wrong],
  ];
}

/**
 * One plausible request of an operation (the random part's generator, one fixed sample), then each field of its body
 * and query in turn broken. Multipart bodies are the random part's; their fields are not JSON.
 */
function fieldBreaks(entry: { name: string; route: string; op: Operation }, ids: string[], doc: OpenApiDocument): Array<{ what: string; request: FuzzRequest }> {
  const [type, media] = Object.entries(entry.op.requestBody?.content ?? {})[0] ?? [];
  if (type === 'multipart/form-data') return [];
  const bodySchema = media ? resolve(media.schema, doc) : undefined;
  const [body] = bodySchema?.type === 'object' ? fc.sample(objectOf(bodySchema, doc, ids, 0), { seed: seedOf(entry.name), numRuns: 1 }) : [undefined];
  const params = (entry.op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const sampled = Object.fromEntries(params.map((p) => [p.name, String(fc.sample(valueOf(p.schema ?? { type: 'string' }, doc, ids), { seed: seedOf(entry.name + p.name), numRuns: 1 })[0])]));
  const request = (query: Record<string, string>, json: unknown): FuzzRequest => {
    let path = entry.route;
    const q: Record<string, string> = {};
    for (const p of params) {
      if (p.in === 'path') path = path.replace(`{${p.name}}`, percentEncode(sampled[p.name]!));
      else if (query[p.name] !== undefined) q[p.name] = query[p.name]!;
    }
    return { path, query: q, ...(json === undefined ? {} : { json: toJson(json) }) };
  };
  const query = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, sampled[p.name]!]));
  const out: Array<{ what: string; request: FuzzRequest }> = [];
  for (const [field, schema] of Object.entries(bodySchema?.properties ?? {})) {
    for (const [what, value] of breaksOf(schema, doc)) {
      out.push({ what: `body ${field} ${what}`, request: request(query, { ...(body as Record<string, unknown>), [field]: value }) });
    }
  }
  for (const p of params.filter((x) => x.in === 'query')) {
    for (const [what, value] of [['empty', ''], ['control characters', CONTROL_TEXT], ['wrong type', p.schema && resolve(p.schema, doc).type === 'string' ? '[]' : 'abc']] as const) {
      out.push({ what: `query ${p.name} ${what}`, request: request({ ...query, [p.name]: value }, body) });
    }
  }
  return out;
}

/** Like encodeURIComponent, but a lone surrogate goes as the UTF-8 of U+FFFD (as browsers send it) instead of throwing. */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

function describeRequest(req: FuzzRequest): string {
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…(${s.length} chars)` : s);
  return cut(JSON.stringify({ path: req.path, query: req.query, json: req.json && cut(req.json), form: req.form && { fields: req.form.fields, files: Object.entries(req.form.files).map(([k, f]) => [k, f.name, f.bytes.length]) } }));
}

/** Ids of rows that exist, so generated requests reach past "not found"; never the administrator's own rows. */
async function knownIds(db: DataSource): Promise<string[]> {
  const tables = (await db.query(
    `SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
     WHERE c.table_schema = 'public' AND c.column_name = 'id' AND c.data_type IN ('text', 'character varying') AND t.table_type = 'BASE TABLE'
     ORDER BY 1`,
  )) as Array<{ table_name: string }>;
  const ids: string[] = [];
  const [adminRow] = (await db.query(`SELECT id, org_id FROM app_user WHERE account = 'admin'`)) as Array<{ id: string; org_id: string | null }>;
  const adminRoles = ((await db.query(`SELECT role_id FROM user_role WHERE user_id = $1`, [adminRow!.id])) as Array<{ role_id: string }>).map((r) => r.role_id);
  const keep = new Set([adminRow!.id, adminRow!.org_id, ...adminRoles]);
  for (const { table_name } of tables) {
    if (UNWATCHED_TABLES.includes(table_name)) continue;
    const rows = (await db.query(`SELECT id FROM "${table_name}" ORDER BY id LIMIT 3`)) as Array<{ id: string }>;
    ids.push(...rows.map((r) => r.id).filter((id) => !keep.has(id)));
  }
  return ids.length ? ids : ['none'];
}

/** A row-level trigger on every watched table logs which table a statement changed (rolled back with it). */
async function watchChanges(db: DataSource): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS fuzz_change (seq bigserial PRIMARY KEY, tbl text NOT NULL)`);
  // An update names the columns it changed, so a failure says what a refused call wrote.
  await db.query(`CREATE OR REPLACE FUNCTION fuzz_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE what text := lower(TG_OP);
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        SELECT 'update ' || coalesce(string_agg(n.key, ' '), '(no column)') INTO what
        FROM jsonb_each(to_jsonb(NEW)) n WHERE n.value IS DISTINCT FROM to_jsonb(OLD) -> n.key;
      END IF;
      INSERT INTO fuzz_change (tbl) VALUES (TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' ' || what);
      RETURN NULL;
    END $$`);
  const tables = (await db.query(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema', 'bullmq')
       AND table_name <> 'fuzz_change' AND NOT (table_schema = 'public' AND table_name = ANY($1))`,
    [UNWATCHED_TABLES],
  )) as Array<{ table_schema: string; table_name: string }>;
  expect(tables.length).toBeGreaterThan(20);
  for (const { table_schema, table_name } of tables) {
    await db.query(
      `CREATE TRIGGER fuzz_watch AFTER INSERT OR UPDATE OR DELETE ON "${table_schema}"."${table_name}" FOR EACH ROW EXECUTE FUNCTION fuzz_log_change()`,
    );
  }
}

async function changeMark(db: DataSource): Promise<number> {
  const [row] = (await db.query(`SELECT coalesce(max(seq), 0)::int AS seq FROM fuzz_change`)) as Array<{ seq: number }>;
  return row!.seq;
}

async function changedTables(db: DataSource, since: number): Promise<string[]> {
  const rows = (await db.query(`SELECT DISTINCT tbl FROM fuzz_change WHERE seq > $1 ORDER BY tbl`, [since])) as Array<{ tbl: string }>;
  return rows.map((r) => r.tbl);
}
