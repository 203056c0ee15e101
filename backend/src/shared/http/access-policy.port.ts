/** What the access guard needs to know of a person, read fresh on each guarded call (grants can change). */
export abstract class AccessPolicy {
  abstract accessOf(userId: string): Promise<{ menuKeys: Set<string>; isAdmin: boolean } | null>;
}
