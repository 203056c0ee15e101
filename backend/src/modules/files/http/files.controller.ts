import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DocFileSchema,
  FileChangeSchema,
  FileDownloadQuerySchema,
  FileListQuerySchema,
  FileRefSchema,
  FileShareInputSchema,
  FileShareSchema,
  MultiDownloadQuerySchema,
  UploadedFileSchema,
  type DocFile,
  type FileChange,
  type FileShare,
  type Page,
  type UploadedFile,
} from '@zhengai/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { OnObject, Public, SignedIn } from '../../../shared/http/access.decorators.js';
import { checkCsrf } from '../../../shared/http/csrf.js';
import { SkipCsrf } from '../../../shared/http/public-route.decorator.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import '../../../shared/http/session-user.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { FilesService } from '../application/files.service.js';
import { sendStreamed } from '../../../shared/http/send-streamed.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { sendFile } from './send-file.js';

/** Evidence files: lists, changes, download (with Range), preview and zip download (001 §7 items 3, 9; data management files). */
@ApiTags('files')
@Controller('docrepo')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('files')
  @SignedIn()
  @ApiOperation({ summary: 'My files and files shared with me, newest first (pageNum, pageSize, fileName contains)' })
  @ApiEnvelope(DocFileSchema, { page: true })
  list(@ZodQuery(FileListQuerySchema) q: z.infer<typeof FileListQuerySchema>, @CurrentUser('userId') userId: string): Promise<Page<DocFile>> {
    return this.files.list(userId, q);
  }

  @Post('files/update')
  @SignedIn('file', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rename (the extension is kept), re-type, remark and validity of a file: its uploader or an administrator' })
  @ApiEnvelope(UploadedFileSchema)
  update(@ZodBody(FileChangeSchema) body: FileChange, @CurrentUser('userId') userId: string): Promise<UploadedFile> {
    return this.files.update(userId, body);
  }

  @Post('files/delete')
  @SignedIn('file', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a file with its attachments and shares: its uploader or an administrator' })
  @ApiEnvelope(null)
  async delete(@ZodBody(FileRefSchema) body: z.infer<typeof FileRefSchema>, @CurrentUser('userId') userId: string): Promise<null> {
    await this.files.delete(userId, body.fileId);
    return null;
  }

  @Post('files/share')
  @SignedIn('file', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Share a file with exactly these people (replaces the list; empty unshares): its uploader or an administrator' })
  @ApiEnvelope(FileShareSchema)
  share(@ZodBody(FileShareInputSchema) body: z.infer<typeof FileShareInputSchema>, @CurrentUser('userId') userId: string): Promise<FileShare> {
    return this.files.share(userId, body.fileId, body.userIds);
  }

  /**
   * Public and csrf-free only for the system's logo, which the login page shows before anyone logs in;
   * every other file needs a session and the csrf parameters, checked here.
   */
  @Get('download')
  @OnObject('file', 'read')
  @Public()
  @SkipCsrf()
  @ApiOperation({ summary: 'Download a file by id (attachmentId), with Range; the system logo needs no login, anything else login, csrf and read access' })
  @ApiFileResponse()
  async download(@ZodQuery(FileDownloadQuerySchema) q: z.infer<typeof FileDownloadQuerySchema>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const userId = req.session?.user?.userId ?? null;
    const logo = await this.files.isLogo(q.attachmentId);
    if (!logo) {
      if (!userId) throw new AppError('NOT_LOGGED_IN');
      this.requireCsrf(req);
    }
    const file = await this.files.download(logo ? null : userId, q.attachmentId);
    await sendFile(req, res, file, 'attachment', logo ? 'public, max-age=300' : 'private, no-cache');
  }

  @Get('preview')
  @SignedIn('file', 'read')
  @ApiOperation({ summary: 'Show a jpg, jpeg, png, gif or pdf inline (Range supported); other types answer an error' })
  @ApiFileResponse()
  async preview(@ZodQuery(FileDownloadQuerySchema) q: z.infer<typeof FileDownloadQuerySchema>, @Req() req: Request, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    const file = await this.files.preview(userId, q.attachmentId);
    await sendFile(req, res, file, 'inline');
  }

  @Get('multiDownload')
  @SignedIn('file', 'read')
  @ApiOperation({ summary: 'A zip of files (ids comma-separated, at most 500) named {name}支撑附件.zip, streamed as it is built' })
  @ApiFileResponse('application/zip')
  async multiDownload(@ZodQuery(MultiDownloadQuerySchema) q: z.infer<typeof MultiDownloadQuerySchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    await sendStreamed(res, await this.files.zip(userId, q.ids, q.name), 'application/zip');
  }

  private requireCsrf(req: Request): void {
    const query = req.query as Record<string, unknown>;
    const verdict = checkCsrf(query.csrfTimestamp, query.csrfToken, this.config.csrfSecret, this.config.csrfMaxAgeMs);
    if (verdict === 'stale') throw new AppError('CSRF_EXPIRED');
    if (verdict !== 'ok') throw new AppError('CSRF_INVALID');
  }
}
