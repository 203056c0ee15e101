import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateApi } from 'swagger-typescript-api';
import ts from 'typescript';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/test-app.js';

// The OpenAPI document of the real app: every route says what it answers, in schemas derived from the contract,
// complete enough that a consumer can generate a client from it.

interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }>; headers?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations(doc: OpenApiDocument): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${route}`, op]),
  );
}

/** A 2xx answer with a JSON schema or a binary body, or (the CAS browser routes) a redirect with its Location. */
function documentsItsAnswer(op: Operation): boolean {
  return Object.entries(op.responses ?? {}).some(([status, response]) => {
    if (/^3\d\d$/.test(status)) return Boolean(response.headers?.Location);
    if (!/^2\d\d$/.test(status)) return false;
    return Object.entries(response.content ?? {}).some(
      ([type, media]) => (type === 'application/json' && media.schema !== undefined) || media.schema?.format === 'binary',
    );
  });
}

function refsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.add(v);
      else refsIn(v, found);
    }
  }
  return found;
}

describe('the OpenAPI document (/api/docs-json)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.http.get('/api/docs-json')).body as OpenApiDocument;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('documents the answer of every route', () => {
    const all = operations(doc);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter(([, op]) => !documentsItsAnswer(op)).map(([name]) => name)).toEqual([]);
  });

  it('describes answers as the envelope around a contract shape', () => {
    const login = doc.paths['/api/user/login'].post.responses!['200'].content!['application/json'].schema;
    expect(login).toMatchObject({
      properties: { meta: { $ref: '#/components/schemas/Meta' }, data: { $ref: '#/components/schemas/LoginAnswer' }, code: { type: 'integer' } },
    });
    // the login user, and the failed attempts since the previous login (issue 31)
    expect(doc.components?.schemas?.LoginAnswer).toMatchObject({ properties: { userName: { type: 'string' }, failedLoginCount: { type: 'integer' } } });
    const restore = doc.paths['/api/user/tryLoginUserInfo'].get.responses!['200'].content!['application/json'].schema;
    expect(restore).toMatchObject({ properties: { data: { $ref: '#/components/schemas/LoginUser' } } });
    expect(doc.components?.schemas?.LoginUser).toMatchObject({ properties: { userName: { type: 'string' } } });
  });

  it('resolves every $ref to a component schema', () => {
    const schemas = doc.components?.schemas ?? {};
    const dangling = [...refsIn(doc)].filter((ref) => !(ref.startsWith('#/components/schemas/') && ref.slice('#/components/schemas/'.length) in schemas));
    expect(dangling).toEqual([]);
  });

  it(
    'yields a client that compiles under strict TypeScript and knows the login route and its userName',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'zhengai-openapi-client-'));
      try {
        await generateApi({ spec: doc, output: dir, fileName: 'api.ts', httpClientType: 'fetch', silent: true });
        const file = path.join(dir, 'api.ts');
        const program = ts.createProgram([file], {
          strict: true,
          noEmit: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.ESNext,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
          types: [],
        });
        const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        expect(problems).toEqual([]);

        const client = readFileSync(file, 'utf8');
        expect(client).toMatch(/export interface LoginUser \{[^}]*\buserName: string;/);
        expect(client).toContain('/api/user/login');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
