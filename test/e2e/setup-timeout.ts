import { jest } from '@jest/globals';

// Starting an app on a fresh database (migrations, demo seed) takes seconds on a busy two-core machine. Set here
// because testTimeout in a Jest project's own config is not applied (it is a global option).
jest.setTimeout(60_000);
