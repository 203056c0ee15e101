import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import expressStaticGzip from 'express-static-gzip';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { ChangeNotices } from '../infrastructure/database/change-notices.js';
import { PgSessionStore } from '../infrastructure/session/pg-session-store.js';
import { AppError } from '../shared/errors/app-error.js';
import { AllExceptionsFilter, sendError } from '../shared/http/all-exceptions.filter.js';
import { errorToEnvelope } from '../shared/http/error-to-envelope.js';
import { expressErrorHandler } from '../shared/http/express-error-handler.js';
import { checkJsonShape, JSON_MAX_ITEMS_BULK } from '../shared/http/json-shape.js';
import { refuseControlCharacters } from '../shared/http/refuse-control.middleware.js';
import { SESSION_COOKIE } from '../shared/http/session-user.js';
import { withContractSchemas } from '../shared/http/api-envelope.decorator.js';

/** JSON and form bodies above this are refused with 413 (files go through the chunked upload). */
const BODY_LIMIT = '1mb';
/** The data-collection routes that carry a whole form's rows (FORM_LIMITS.rows): their own, larger parser. */
const BULK_ROUTES = ['/api/herm-sjgl/datas/updateOrInsert', '/api/herm-sjgl/fillTasks/commit'];
const BULK_BODY_LIMIT = '20mb';

/** Everything the HTTP app needs besides its modules, shared by main.ts and the integration tests. */
export function configureHttpApp(app: NestExpressApplication, config: AppConfig): void {
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.disable('x-powered-by');
  // No ETag on answers: Express hashes every body for it, and the frontend's _t parameter means no GET is ever
  // revalidated. A file download sets its own (modules/files/http/send-file.ts), the built frontend's files theirs.
  server.set('etag', false);
  // One hop: req.ip is the address the proxy saw (the last X-Forwarded-For entry, the one it appended), never one a
  // client wrote before it; req.secure follows the proxy's X-Forwarded-Proto. Off, both come from the socket alone.
  if (config.trustProxy) server.set('trust proxy', 1);

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // antd and ECharts write inline styles; scripts stay same-origin only.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          // a menu entry may open another system's address in an iframe (000 §2), set by an administrator
          'frame-src': ["'self'", 'https:', 'http:'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // The frontend's files need no session: served before it, a page's seventy scripts cost no session reads.
  serveFrontend(app, config);

  app.use(
    session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: new PgSessionStore(app.get(DataSource), config.session, Date.now, app.get(ChangeNotices)),
      resave: false,
      saveUninitialized: false,
      // Secure whenever the login came over https ('auto': req.secure, so behind a trusted proxy its X-Forwarded-Proto);
      // COOKIE_SECURE=true makes it Secure always.
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure ? true : 'auto', path: '/' },
    }),
  );

  // Depth and item count are checked on the raw bytes, before JSON.parse; a control character anywhere
  // (refuse-control.middleware.ts) is refused before any query.
  // The bulk routes parse first; express.json skips a body already parsed.
  app.use(BULK_ROUTES, express.json({ limit: BULK_BODY_LIMIT, verify: (_req, _res, raw) => checkJsonShape(raw, JSON_MAX_ITEMS_BULK) }));
  app.use(express.json({ limit: BODY_LIMIT, verify: (_req, _res, raw) => checkJsonShape(raw) }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  app.use(refuseControlCharacters);
  app.use(expressErrorHandler);

  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter(() => server));

  serveApiDocs(app, config, server);
}

/** /api/docs (the page), /api/docs-json and /api/docs-yaml; the docs UI's own files live under /api/docs/. */
const API_DOCS_PATH = /^\/api\/docs(?:-json|-yaml)?(?:\/|$)/;

/**
 * The OpenAPI document (every path and its access rule) as API_DOCS says: to anyone, to signed-in people only
 * (otherwise the 401 envelope, as a signed-in route answers), or not at all.
 */
function serveApiDocs(app: NestExpressApplication, config: AppConfig, server: express.Express): void {
  if (config.apiDocs === 'off') return;
  if (config.apiDocs === 'signed-in') {
    // after the session middleware, before the routes SwaggerModule.setup adds to the Express app
    server.use((req: Request, res: Response, next: NextFunction) => {
      if (!API_DOCS_PATH.test(req.path) || req.session?.user) return next();
      sendError(res, errorToEnvelope(new AppError('NOT_LOGGED_IN')));
    });
  }
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('诊改平台 API')
      .setDescription(
        'Every answer is { meta: { success, message }, data, code }. Every call except those marked otherwise carries the query ' +
          'parameters csrfTimestamp and csrfToken = md5(csrfTimestamp + secret); the secret comes from GET /api/client-config.',
      )
      .setVersion('0.1.0')
      .addCookieAuth(SESSION_COOKIE)
      .build(),
  );
  // The answers' schemas are the contract's (ApiEnvelope refers to them by id), added as components here.
  withContractSchemas(document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}

/**
 * In production the API serves the built frontend, so the platform is one URL; unknown non-API paths get index.html.
 * Scripts and stylesheets go out as the .br or .gz the build wrote beside them when the browser accepts it (a third to
 * a fifth of the bytes, compressed once at build time rather than on every request).
 */
function serveFrontend(app: NestExpressApplication, config: AppConfig): void {
  const root = path.resolve(config.staticDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return;
  const assets = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { index: false, maxAge: '1h' },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api')) return next();
    assets(req, res, () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  });
}
