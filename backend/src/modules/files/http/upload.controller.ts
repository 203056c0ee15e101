import { Controller, Get, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ChunkFormSchema, ChunkReceiptSchema, MergeRequestSchema, MergeStartedSchema, ReceivedChunksSchema, UploadedFileSchema, UploadGuidQuerySchema,
  type ChunkReceipt, type MergeRequest, type MergeStarted, type ReceivedChunks, type UploadedFile,
} from '@zhengai/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { UploadService } from '../application/upload.service.js';
import { ChunkUploadInterceptor, type UploadedChunk } from './chunk-upload.interceptor.js';

type GuidQuery = z.infer<typeof UploadGuidQuerySchema>;

/** The spec's polling answer while a merge is under way (001 §7 item 7, spelled so). */
export const WAITING = 'waitting';

/** Chunked upload (001 §4 upload flow, §7 items 6–8): chunks, resume, merge, merge status. */
@ApiTags('files')
@Controller('docrepo/upload')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @Post('chunk')
  @SignedIn('upload', 'write')
  @HttpCode(200)
  @UseInterceptors(ChunkUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'One chunk of a file (multipart: file ≤ 614400 bytes, guid, chunk 0-based, chunks); a chunk sent again replaces itself. '
      + 'A new upload beyond the person\'s open uploads (10, or two largest files declared) is refused with 429; a chunk the disk has no room for with 507',
  })
  @ApiEnvelope(ChunkReceiptSchema)
  chunk(
    // the form fields as multer parsed them (the interceptor runs before the handler's parameters are read)
    @ZodBody(ChunkFormSchema) form: z.infer<typeof ChunkFormSchema>,
    @Req() req: Request & { file?: UploadedChunk },
    @CurrentUser('userId') userId: string,
  ): Promise<ChunkReceipt> {
    return this.uploads.receiveChunk(userId, { guid: form.guid, chunk: form.chunk, chunks: form.chunks, bytes: req.file?.buffer ?? null });
  }

  @Get('chunks')
  @SignedIn('upload', 'read')
  @ApiOperation({ summary: 'Which chunks of an upload arrived: { guid, chunks, received: [indexes] } (resume by sending the rest)' })
  @ApiEnvelope(ReceivedChunksSchema)
  received(@ZodQuery(UploadGuidQuerySchema) q: GuidQuery, @CurrentUser('userId') userId: string): Promise<ReceivedChunks> {
    return this.uploads.receivedChunks(userId, q.guid);
  }

  @Post('merge')
  @SignedIn('upload', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Merge the chunks into a file (query: guid, fileName, fName, lxId, lxmc, bz, yxqx, sha256?, size?); answers at once with message waitting' })
  @ApiEnvelope(MergeStartedSchema)
  async merge(@ZodQuery(MergeRequestSchema) q: MergeRequest, @CurrentUser('userId') userId: string): Promise<WithMessage<MergeStarted>> {
    return new WithMessage(await this.uploads.requestMerge(userId, q), WAITING);
  }

  @Get('mergeStatus')
  @SignedIn('upload', 'read')
  @ApiOperation({ summary: 'A merge: message waitting and data null while under way; the file { fileId, fileName, fileType, size, lxId, lxmc, url } when done; success false with the reason when refused' })
  @ApiEnvelope(UploadedFileSchema.nullable())
  async mergeStatus(@ZodQuery(UploadGuidQuerySchema) q: GuidQuery, @CurrentUser('userId') userId: string): Promise<WithMessage<UploadedFile | null>> {
    const status = await this.uploads.mergeStatus(userId, q.guid);
    return status.state === 'waiting' ? new WithMessage(null, WAITING) : new WithMessage(status.file, '');
  }
}
