// The backend's layer rules (README, "Architecture"), checked by `npm run lint`. No exceptions list: a crossing is
// fixed in the code (a port, a service, the shared kernel), not excused here.
const MOD = '^backend/src/modules/';
// Unit tests (*.spec.ts) may wire a real adapter into the service they test; the layer rules are for the code itself.
const SPEC = '\\.spec\\.ts$';
// The modules in dependency order: a module imports only modules before it, so modules never form a cycle.
// A new module is added where it belongs (a module missing here fails the 'module-is-listed' rule).
const MODULE_ORDER = ['auth', 'org', 'client-config', 'health', 'messages', 'workbench', 'files', 'target-standards', 'diagnosis-objects', 'diagnosis', 'warnings', 'year-targets', 'target-tasks', 'reports', 'data-collection', 'school-analysis', 'development-centres', 'message-push'];
const later = (i) => MODULE_ORDER.slice(i + 1);
// Libraries that only adapters may touch: the database, the queue, Redis, the disk, spreadsheets, zips, HTTP clients.
const ADAPTER_LIBS = '((^|/)node_modules/(typeorm|pg|pg-[^/]+|bullmq|ioredis|exceljs|archiver|passport[^/]*|undici|file-type|docx|echarts|@resvg/resvg-js|nodemailer)/|^(node:)?(fs|fs/promises)$)';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports only its own module\'s domain, the shared kernel (backend/src/shared/kernel) and the wire contract (contracts/: types, enums, limits): no framework, no library, no other layer.',
      severity: 'error',
      from: { path: `${MOD}([^/]+)/domain/`, pathNot: SPEC },
      to: { pathNot: [`${MOD}$1/domain/`, '^backend/src/shared/kernel/', '^contracts/src/'] },
    },
    {
      name: 'kernel-is-pure',
      comment: 'The shared kernel is domain code both sides of a module boundary need: it imports only itself and the wire contract.',
      severity: 'error',
      from: { path: '^backend/src/shared/kernel/', pathNot: SPEC },
      to: { pathNot: ['^backend/src/shared/kernel/', '^contracts/src/'] },
    },
    {
      name: 'application-uses-ports',
      comment: 'application/ (services, jobs, ports) imports ports, never adapters: no infrastructure/ of a module, no adapter of backend/src/infrastructure (only its *.port.ts), no database, queue, disk or spreadsheet library.',
      severity: 'error',
      from: { path: `${MOD}[^/]+/application/`, pathNot: SPEC },
      to: { path: [`${MOD}[^/]+/infrastructure/`, '^backend/src/infrastructure/.+(?<!\\.port)\\.ts$', ADAPTER_LIBS] },
    },
    {
      name: 'http-uses-application',
      comment: 'http/ (controllers, DTOs) calls services; it imports no infrastructure/ (of a module or of backend/src) and no adapter library.',
      severity: 'error',
      from: { path: `${MOD}[^/]+/http/`, pathNot: SPEC },
      to: { path: [`${MOD}[^/]+/infrastructure/`, '^backend/src/infrastructure/', ADAPTER_LIBS] },
    },
    {
      name: 'adapters-stay-home',
      comment: "A module's infrastructure/ imports no other module's infrastructure/: what two modules' adapters share lives in backend/src/infrastructure, what one module needs of another goes through a port.",
      severity: 'error',
      from: { path: `${MOD}([^/]+)/infrastructure/`, pathNot: SPEC },
      to: { path: `${MOD}[^/]+/infrastructure/`, pathNot: `${MOD}$1/infrastructure/` },
    },
    {
      name: 'modules-know-no-bootstrap',
      comment: 'bootstrap/ starts the app; nothing in a module (nor shared/) depends on how the app is started.',
      severity: 'error',
      from: { path: [MOD, '^backend/src/shared/'] },
      to: { path: '^backend/src/bootstrap/' },
    },
    {
      name: 'shared-knows-no-module',
      comment: 'shared/ is below every module: it imports none of them.',
      severity: 'error',
      from: { path: '^backend/src/shared/' },
      to: { path: MOD },
    },
    ...MODULE_ORDER.filter((_, i) => later(i).length > 0).map((module, i) => ({
      name: 'no-cycles-between-modules',
      comment: `Modules depend one way, in MODULE_ORDER (.dependency-cruiser.cjs): ${module} imports none of ${later(i).join(', ')}.`,
      severity: 'error',
      from: { path: `${MOD}${module}/` },
      to: { path: `${MOD}(${later(i).join('|')})/` },
    })),
    {
      name: 'module-is-listed',
      comment: 'Every module folder is in MODULE_ORDER (.dependency-cruiser.cjs), so the no-cycles rule covers it.',
      severity: 'error',
      from: { path: `${MOD}(?!(${MODULE_ORDER.join('|')})/)[^/]+/` },
      to: {},
    },
    {
      name: 'no-cycles-between-folders',
      comment: 'Inside a module too, folders depend one way (http → application → domain; infrastructure → application).',
      severity: 'error',
      scope: 'folder',
      from: { path: MOD },
      to: { circular: true },
    },
    {
      name: 'no-circular',
      comment: 'No file reaches itself through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    // The compiler options (nodenext) let './x.js' imports resolve to the './x.ts' sources.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
