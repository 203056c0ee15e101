// NestJS 12 is ESM-only, so Jest runs in ESM mode (NODE_OPTIONS=--experimental-vm-modules, set by the npm scripts)
// with @swc/jest compiling TypeScript, keeping decorator metadata for Nest's dependency injection.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // sources import siblings as './x.js' (Node ESM); Jest resolves them to the .ts files
  // the contract is read from its TypeScript source, as Vite does
  moduleNameMapper: { '^@zhengai/contracts$': '<rootDir>/contracts/src/index.ts', '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};
export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      setupFilesAfterEnv: ['<rootDir>/test/unit/setup-timeout.ts'],
      testMatch: ['<rootDir>/contracts/src/**/*.spec.ts', '<rootDir>/backend/src/**/*.spec.ts', '<rootDir>/frontend/src/**/*.spec.ts?(x)'],
    },
    {
      ...common,
      displayName: 'e2e',
      setupFilesAfterEnv: ['<rootDir>/test/e2e/setup-timeout.ts', '<rootDir>/test/e2e/setup-database.ts', '<rootDir>/test/e2e/setup-answers.ts'],
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/e2e/global-setup.ts',
    },
    {
      // The built app as processes killed and stopped mid-job (test/faults); run alone (--runInBand) after the build.
      ...common,
      displayName: 'faults',
      setupFilesAfterEnv: ['<rootDir>/test/faults/setup-timeout.ts'],
      testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
    },
  ],
};
