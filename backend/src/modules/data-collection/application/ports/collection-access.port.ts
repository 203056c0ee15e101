/** Who a person is for data collection: name and department, and whether a role holds the menu 采集任务. */
export interface CollectionStanding {
  userId: string;
  userName: string;
  orgId: string | null;
  manager: boolean;
}

export abstract class CollectionAccessReader {
  /** The standing of a signed-in person (an unknown id reads as nobody: no name, no department, no manager). */
  abstract standing(userId: string): Promise<CollectionStanding>;
}
