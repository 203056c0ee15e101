// Removing one run's BullMQ keys from a shared Redis (the bench's and the fault tests' clean-up).
import { Redis } from 'ioredis';

/** Deletes the keys under `prefix:` (only that prefix; other runs' keys stay). Bounded to 10,000 SCAN pages. */
export async function removeQueueKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    for (let i = 0; i < 10_000; i++) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
  } finally {
    redis.disconnect();
  }
}
