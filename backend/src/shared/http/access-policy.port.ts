/**
 * What the access guard needs to know of a person. Grants can change at any time: with the session's access stamp
 * (SessionUser.accessStamp) an answer may come from memory only while nothing it was read from has changed;
 * without one it is read fresh.
 */
export abstract class AccessPolicy {
  abstract accessOf(userId: string, accessStamp?: string): Promise<{ menuKeys: Set<string>; isAdmin: boolean } | null>;
}
