import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { GrantInputSchema, GrantRefSchema, GrantSchema, GrantUpdateSchema, LibraryRefQuerySchema, type Grant, type GrantInput } from '@zhengai/contracts';
import type { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { AuthorityService } from '../application/authority.service.js';

/** Grants on a library (001 §6, §7 authority add, update, delete): only who may write the library. */
@ApiTags('target-standard')
@Controller('herm-znfx')
export class AuthorityController {
  constructor(private readonly authorities: AuthorityService) {}

  @Get('authority/list')
  @SignedIn('library', 'write')
  @ApiEnvelope(GrantSchema, { array: true })
  @ApiOperation({ summary: 'The grants of a library: subjectType role|user, subjectId, subjectName, authorityType write|read' })
  list(@ZodQuery(LibraryRefQuerySchema) q: z.infer<typeof LibraryRefQuerySchema>, @CurrentUser('userId') userId: string): Promise<Grant[]> {
    return this.authorities.list(userId, q.libraryId);
  }

  @Post('authority/add')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(GrantSchema)
  @ApiOperation({ summary: 'Grant write or read on a library to a role group or a user' })
  async add(@ZodBody(GrantInputSchema) body: GrantInput, @CurrentUser('userId') userId: string): Promise<WithMessage<Grant>> {
    return new WithMessage(await this.authorities.add(userId, body), '新增成功');
  }

  @Post('authority/update')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(GrantSchema)
  @ApiOperation({ summary: 'Change a grant between write and read' })
  async update(@ZodBody(GrantUpdateSchema) body: z.infer<typeof GrantUpdateSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<Grant>> {
    return new WithMessage(await this.authorities.update(userId, body.id, body.authorityType), '修改成功');
  }

  @Post('authority/delete')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Remove a grant' })
  async delete(@ZodBody(GrantRefSchema) body: z.infer<typeof GrantRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.authorities.remove(userId, body.id), '删除成功');
  }
}
