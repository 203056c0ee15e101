// Types of queue-keys.mjs, for the TypeScript tests that reuse it (test/faults).
export function removeQueueKeys(redisUrl: string, prefix: string): Promise<void>;
