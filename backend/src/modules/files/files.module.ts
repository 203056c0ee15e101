import { type DynamicModule, Module, type Type } from '@nestjs/common';
import path from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StorageModule } from '../../infrastructure/storage/storage.module.js';
import { AttachmentService } from './application/attachment.service.js';
import { FileAccess } from './application/file-access.service.js';
import { FilesService } from './application/files.service.js';
import { CleanChunksJob } from './application/jobs/clean-chunks.job.js';
import { MergeFileJob } from './application/jobs/merge-file.job.js';
import { AttachmentOwnerAccess, AttachmentOwnerRegistry, attachmentOwnerToken } from './application/ports/attachment-owner-access.port.js';
import { AttachmentRepository } from './application/ports/attachment-repository.port.js';
import { ChunkStore } from './application/ports/chunk-store.port.js';
import { ContentSniffer } from './application/ports/content-sniffer.port.js';
import { DiskSpace } from './application/ports/disk-space.port.js';
import { DocFileRepository } from './application/ports/doc-file-repository.port.js';
import { UploadRepository } from './application/ports/upload-repository.port.js';
import { ZipWriter } from './application/ports/zip-writer.port.js';
import { UploadService } from './application/upload.service.js';
import { AttachmentController } from './http/attachment.controller.js';
import { ChunkUploadInterceptor } from './http/chunk-upload.interceptor.js';
import { FilesController } from './http/files.controller.js';
import { TaskFileController } from './http/task-file.controller.js';
import { UploadController } from './http/upload.controller.js';
import { AttachmentPgRepository } from './infrastructure/attachment.pg-repository.js';
import { DocFilePgRepository } from './infrastructure/doc-file.pg-repository.js';
import { FileTypeSniffer } from './infrastructure/file-type-sniffer.js';
import { LocalChunkStore } from './infrastructure/local-chunk-store.js';
import { StatfsDiskSpace } from './infrastructure/statfs-disk-space.js';
import { ArchiverZipWriter } from './infrastructure/archiver-zip-writer.js';
import { UploadPgRepository } from './infrastructure/upload.pg-repository.js';

/** Evidence files: chunked upload and merge, download, preview, zip, shares and attachments. */
@Module({
  imports: [StorageModule],
  controllers: [UploadController, FilesController, AttachmentController, TaskFileController],
  providers: [
    UploadService,
    FilesService,
    AttachmentService,
    FileAccess,
    MergeFileJob,
    CleanChunksJob,
    ChunkUploadInterceptor,
    { provide: UploadRepository, useClass: UploadPgRepository },
    { provide: DocFileRepository, useClass: DocFilePgRepository },
    { provide: AttachmentRepository, useClass: AttachmentPgRepository },
    { provide: ContentSniffer, useClass: FileTypeSniffer },
    { provide: ZipWriter, useClass: ArchiverZipWriter },
    { provide: ChunkStore, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalChunkStore(path.join(config.filesDir, '.chunks')) },
    { provide: DiskSpace, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new StatfsDiskSpace(config.filesDir) },
  ],
  exports: [FilesService],
})
export class FilesModule {
  /**
   * The files module with the owners of attachments, by owner type: each module provides and exports the access of
   * its owner type under `attachmentOwnerToken(type)` (quality points: the diagnosis module; target tasks and their
   * reports: the target-tasks module). The app wires it, so files depends on no owner module.
   */
  static withAttachmentOwners(owners: Record<string, Type>): DynamicModule {
    const types = Object.keys(owners);
    return {
      module: FilesModule,
      imports: [...new Set(Object.values(owners))],
      providers: [
        {
          provide: AttachmentOwnerAccess,
          inject: types.map(attachmentOwnerToken),
          useFactory: (...accesses: AttachmentOwnerAccess[]) => new AttachmentOwnerRegistry(new Map(types.map((t, i) => [t, accesses[i]!]))),
        },
      ],
    };
  }
}
