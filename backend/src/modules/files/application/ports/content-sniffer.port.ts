import type { DetectedType } from '../../domain/file-rules.js';

/** Tells a file's kind from its first bytes (magic numbers), never from its name. */
export abstract class ContentSniffer {
  abstract detect(head: Uint8Array): Promise<DetectedType | undefined>;
}
