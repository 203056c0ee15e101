import { jest } from '@jest/globals';

// A fault test boots the built app on a fresh database (migrations, demo seed), kills it and waits for BullMQ to hand
// a killed worker's job back (lock 15 s + stalled check 5 s). Set here: testTimeout in a project's config is not applied.
jest.setTimeout(180_000);
