import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { ImageSniffer } from '../application/ports/image-sniffer.port.js';

/** file-type's magic-number detection. */
@Injectable()
export class FileTypeImageSniffer extends ImageSniffer {
  async mimeOf(bytes: Uint8Array): Promise<string | undefined> {
    return (await fileTypeFromBuffer(bytes))?.mime;
  }
}
