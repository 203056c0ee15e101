import { isStorageKey, storageKeyFor } from './file-storage.port.js';

describe('storage keys', () => {
  it('lays a uuid out as ab/cd/<uuid>', () => {
    expect(storageKeyFor('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe('3f/25/3f2504e0-4f89-41d3-9a0c-0305e82c3301');
  });

  it('spreads random uuids over two levels of 256 directories', () => {
    const first = new Set<string>();
    for (let i = 0; i < 2000; i++) first.add(storageKeyFor(crypto.randomUUID()).slice(0, 2));
    expect(first.size).toBeGreaterThan(200);
  });

  it('accepts only keys it makes', () => {
    const key = storageKeyFor(crypto.randomUUID());
    expect(isStorageKey(key)).toBe(true);
    for (const bad of ['../etc/passwd', '3f/25/../../x', '3f/25/3f2504e0', '00/00/3f2504e0-4f89-41d3-9a0c-0305e82c3301', `/${key}`, `${key}/`, `${key}\0`, '']) {
      expect(isStorageKey(bad)).toBe(false);
    }
  });

  it('refuses to make a key from anything but a uuid', () => {
    expect(() => storageKeyFor('../../x')).toThrow();
  });
});
