import { Controller, Get, HttpCode, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ChunkReceiptSchema, MergeStartedSchema, ReceivedChunksSchema, UploadedFileSchema,
  type ChunkReceipt, type MergeStarted, type ReceivedChunks, type UploadedFile,
} from '@zhengai/contracts';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import type { Request } from 'express';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';

import { UploadService } from '../application/upload.service.js';
import { ChunkUploadInterceptor, type UploadedChunk } from './chunk-upload.interceptor.js';
import { ChunkForm, GuidQuery, MergeQuery } from './dto/upload.dto.js';

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
  @ApiBody({ type: ChunkForm })
  @ApiOperation({ summary: 'One chunk of a file (multipart: file ≤ 614400 bytes, guid, chunk 0-based, chunks); a chunk sent again replaces itself' })
  @ApiEnvelope(ChunkReceiptSchema)
  chunk(@Req() req: Request & { file?: UploadedChunk }, @CurrentUser('userId') userId: string): Promise<ChunkReceipt> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    return this.uploads.receiveChunk(userId, { guid: body.guid, chunk: body.chunk, chunks: body.chunks, bytes: req.file?.buffer ?? null });
  }

  @Get('chunks')
  @SignedIn('upload', 'read')
  @ApiOperation({ summary: 'Which chunks of an upload arrived: { guid, chunks, received: [indexes] } (resume by sending the rest)' })
  @ApiEnvelope(ReceivedChunksSchema)
  received(@Query() q: GuidQuery, @CurrentUser('userId') userId: string): Promise<ReceivedChunks> {
    return this.uploads.receivedChunks(userId, q.guid);
  }

  @Post('merge')
  @SignedIn('upload', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Merge the chunks into a file (query: guid, fileName, fName, lxId, lxmc, bz, yxqx, sha256?, size?); answers at once with message waitting' })
  @ApiEnvelope(MergeStartedSchema)
  async merge(@Query() q: MergeQuery, @CurrentUser('userId') userId: string): Promise<WithMessage<MergeStarted>> {
    return new WithMessage(await this.uploads.requestMerge(userId, q), WAITING);
  }

  @Get('mergeStatus')
  @SignedIn('upload', 'read')
  @ApiOperation({ summary: 'A merge: message waitting and data null while under way; the file { fileId, fileName, fileType, size, lxId, lxmc, url } when done; success false with the reason when refused' })
  @ApiEnvelope(UploadedFileSchema.nullable())
  async mergeStatus(@Query() q: GuidQuery, @CurrentUser('userId') userId: string): Promise<WithMessage<UploadedFile | null>> {
    const status = await this.uploads.mergeStatus(userId, q.guid);
    return status.state === 'waiting' ? new WithMessage(null, WAITING) : new WithMessage(status.file, '');
  }
}
