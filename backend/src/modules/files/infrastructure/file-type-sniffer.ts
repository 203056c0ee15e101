import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { ContentSniffer } from '../application/ports/content-sniffer.port.js';
import type { DetectedType } from '../domain/file-rules.js';

/** file-type's magic-number detection on the first bytes. */
@Injectable()
export class FileTypeSniffer extends ContentSniffer {
  async detect(head: Uint8Array): Promise<DetectedType | undefined> {
    try {
      const type = await fileTypeFromBuffer(head);
      return type ? { ext: type.ext, mime: type.mime } : undefined;
    } catch {
      // A truncated container it cannot parse: unknown, and the rules decide.
      return undefined;
    }
  }
}
