import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { GrantSchema, type Grant } from '@zhengai/contracts';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { AuthorityService } from '../application/authority.service.js';
import { AuthorityAddDto, AuthorityIdDto, AuthorityUpdateDto } from './dto/authority.dto.js';
import { LibraryRefQuery } from './dto/catalog.dto.js';

/** Grants on a library (001 §6, §7 authority add, update, delete): only who may write the library. */
@ApiTags('target-standard')
@Controller('herm-znfx')
export class AuthorityController {
  constructor(private readonly authorities: AuthorityService) {}

  @Get('authority/list')
  @SignedIn('library', 'write')
  @ApiEnvelope(GrantSchema, { array: true })
  @ApiOperation({ summary: 'The grants of a library: subjectType role|user, subjectId, subjectName, authorityType write|read' })
  list(@Query() q: LibraryRefQuery, @CurrentUser('userId') userId: string): Promise<Grant[]> {
    return this.authorities.list(userId, q.libraryId);
  }

  @Post('authority/add')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(GrantSchema)
  @ApiOperation({ summary: 'Grant write or read on a library to a role group or a user' })
  async add(@Body() body: AuthorityAddDto, @CurrentUser('userId') userId: string): Promise<WithMessage<Grant>> {
    return new WithMessage(await this.authorities.add(userId, body), '新增成功');
  }

  @Post('authority/update')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(GrantSchema)
  @ApiOperation({ summary: 'Change a grant between write and read' })
  async update(@Body() body: AuthorityUpdateDto, @CurrentUser('userId') userId: string): Promise<WithMessage<Grant>> {
    return new WithMessage(await this.authorities.update(userId, body.id, body.authorityType), '修改成功');
  }

  @Post('authority/delete')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Remove a grant' })
  async delete(@Body() body: AuthorityIdDto, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.authorities.remove(userId, body.id), '删除成功');
  }
}
