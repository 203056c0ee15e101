import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  {
    // Nest's dependency injection reads constructor parameter types at run time: a type-only import would erase them.
    files: ['backend/src/**/*.ts', 'test/e2e/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // A module's transaction runs through inTransaction (infrastructure/database README): a deadlock or serialization
    // failure is run again instead of answering 500.
    files: ['backend/src/modules/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction'][callee.object.type='MemberExpression']",
        message: 'Open a transaction with inTransaction(db, work) from infrastructure/database/pg-unit-of-work.ts (it retries deadlocks and serialization failures).',
      }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['test/**/*.{ts,mjs,js}', '**/*.spec.ts', '**/*.spec.tsx'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: { 'no-console': 'off' },
  },
);
