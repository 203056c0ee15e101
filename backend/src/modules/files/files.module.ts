import { Module } from '@nestjs/common';
import path from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StorageModule } from '../../infrastructure/storage/storage.module.js';
import { QualityPointAttachmentAccess } from '../quality-points/infrastructure/quality-point-attachment-access.js';
import { QualityPointsModule } from '../quality-points/quality-points.module.js';
import { AttachmentService } from './application/attachment.service.js';
import { FileAccess } from './application/file-access.service.js';
import { FilesService } from './application/files.service.js';
import { CleanChunksJob } from './application/jobs/clean-chunks.job.js';
import { MergeFileJob } from './application/jobs/merge-file.job.js';
import { AttachmentOwnerAccess } from './application/ports/attachment-owner-access.port.js';
import { AttachmentRepository } from './application/ports/attachment.repository.js';
import { ChunkStore } from './application/ports/chunk-store.port.js';
import { ContentSniffer } from './application/ports/content-sniffer.port.js';
import { DocFileRepository } from './application/ports/doc-file.repository.js';
import { UploadRepository } from './application/ports/upload.repository.js';
import { ZipWriter } from './application/ports/zip-writer.port.js';
import { UploadService } from './application/upload.service.js';
import { AttachmentController } from './http/attachment.controller.js';
import { ChunkUploadInterceptor } from './http/chunk-upload.interceptor.js';
import { FilesController } from './http/files.controller.js';
import { UploadController } from './http/upload.controller.js';
import { AttachmentTypeormRepository } from './infrastructure/attachment.typeorm-repository.js';
import { DocFileTypeormRepository } from './infrastructure/doc-file.typeorm-repository.js';
import { FileTypeSniffer } from './infrastructure/file-type-sniffer.js';
import { LocalChunkStore } from './infrastructure/local-chunk-store.js';
import { ArchiverZipWriter } from './infrastructure/archiver-zip-writer.js';
import { UploadTypeormRepository } from './infrastructure/upload.typeorm-repository.js';

/** Evidence files: chunked upload and merge, download, preview, zip, shares and attachments. */
@Module({
  imports: [StorageModule, QualityPointsModule],
  controllers: [UploadController, FilesController, AttachmentController],
  providers: [
    UploadService,
    FilesService,
    AttachmentService,
    FileAccess,
    MergeFileJob,
    CleanChunksJob,
    ChunkUploadInterceptor,
    { provide: UploadRepository, useClass: UploadTypeormRepository },
    { provide: DocFileRepository, useClass: DocFileTypeormRepository },
    { provide: AttachmentRepository, useClass: AttachmentTypeormRepository },
    // Quality points decide who reads and writes their attachments (task and library rules).
    { provide: AttachmentOwnerAccess, useExisting: QualityPointAttachmentAccess },
    { provide: ContentSniffer, useClass: FileTypeSniffer },
    { provide: ZipWriter, useClass: ArchiverZipWriter },
    { provide: ChunkStore, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalChunkStore(path.join(config.filesDir, '.chunks')) },
  ],
  exports: [FilesService, AttachmentOwnerAccess],
})
export class FilesModule {}
