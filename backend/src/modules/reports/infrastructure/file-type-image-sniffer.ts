import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { ImageSniffer } from '../application/ports/report-repository.port.js';

/** The image's type by its magic bytes (file-type). */
@Injectable()
export class FileTypeImageSniffer extends ImageSniffer {
  async mimeOf(bytes: Buffer): Promise<string | null> {
    return (await fileTypeFromBuffer(bytes))?.mime ?? null;
  }
}
