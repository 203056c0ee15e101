import { StampedCache } from './stamped-cache.js';

describe('StampedCache', () => {
  const counting = () => {
    let reads = 0;
    return { read: async () => ++reads, reads: () => reads };
  };

  it('reads once per key and stamp, again when the stamp changes', async () => {
    const cache = new StampedCache<number>();
    const r = counting();
    expect(await cache.get('u1', '1.0', r.read)).toBe(1);
    expect(await cache.get('u1', '1.0', r.read)).toBe(1);
    expect(await cache.get('u1', '2.0', r.read)).toBe(2);
    expect(await cache.get('u2', '2.0', r.read)).toBe(3);
    expect(r.reads()).toBe(3);
  });

  it('reads fresh without a stamp and keeps nothing', async () => {
    const cache = new StampedCache<number>();
    const r = counting();
    await cache.get('u1', undefined, r.read);
    await cache.get('u1', undefined, r.read);
    expect(r.reads()).toBe(2);
  });

  it('forgets a failed read and an old value', async () => {
    let clock = 0;
    const cache = new StampedCache<number>(10, 1_000, () => clock);
    await expect(cache.get('u1', 's', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('u1', 's', async () => 7)).toBe(7);
    clock = 1_000;
    expect(await cache.get('u1', 's', async () => 8)).toBe(8);
  });

  it('stays within its size', async () => {
    const cache = new StampedCache<number>(2);
    const r = counting();
    await cache.get('a', 's', r.read);
    await cache.get('b', 's', r.read);
    await cache.get('c', 's', r.read);
    await cache.get('a', 's', r.read);
    expect(r.reads()).toBe(4);
  });
});
