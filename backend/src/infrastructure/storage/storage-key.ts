/**
 * Storage keys: `ab/cd/<uuid>`, the first two pairs of the uuid's hex as two directory levels of 256 each,
 * so a million files make about 15 a directory. Keys never carry a person's file name.
 */
const KEY = /^([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function storageKeyFor(uuid: string): string {
  const id = uuid.toLowerCase();
  if (!UUID.test(id)) throw new Error('a storage key needs a uuid');
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** True only for keys storageKeyFor makes: no other path can reach an adapter. */
export function isStorageKey(key: string): boolean {
  const m = KEY.exec(key);
  return !!m && m[3]!.startsWith(m[1]! + m[2]!);
}
