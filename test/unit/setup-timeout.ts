import { jest } from '@jest/globals';

// Jest's default bound of 5 s per test is a timing assertion on a shared two-core machine: a screen test rendering
// antd dialogs in happy-dom took more than 5 s in CI while other processes ran (generate-modal.spec.tsx). A test that
// hangs still fails at this bound.
jest.setTimeout(30_000);
