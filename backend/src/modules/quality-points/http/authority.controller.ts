import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { WithMessage } from '../../../shared/http/envelope.js';
import '../../../shared/http/session-user.js';
import { AuthorityService } from '../application/authority.service.js';
import { AuthorityAddDto, AuthorityIdDto, AuthorityUpdateDto } from './dto/authority.dto.js';
import { LibraryRefQuery } from './dto/catalog.dto.js';

/** Grants on a library (001 §6, §7 authority add, update, delete): only who may write the library. */
@ApiTags('target-standard')
@Controller('herm-znfx')
export class AuthorityController {
  constructor(private readonly authorities: AuthorityService) {}

  @Get('authority/list')
  @ApiOperation({ summary: 'The grants of a library: subjectType role|user, subjectId, subjectName, authorityType write|read' })
  list(@Query() q: LibraryRefQuery, @Req() req: Request) {
    return this.authorities.list(req.session.user!.userId, q.libraryId);
  }

  @Post('authority/add')
  @HttpCode(200)
  @ApiOperation({ summary: 'Grant write or read on a library to a role group or a user' })
  async add(@Body() body: AuthorityAddDto, @Req() req: Request) {
    return new WithMessage(await this.authorities.add(req.session.user!.userId, body), '新增成功');
  }

  @Post('authority/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change a grant between write and read' })
  async update(@Body() body: AuthorityUpdateDto, @Req() req: Request) {
    return new WithMessage(await this.authorities.update(req.session.user!.userId, body.id, body.authorityType), '修改成功');
  }

  @Post('authority/delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove a grant' })
  async delete(@Body() body: AuthorityIdDto, @Req() req: Request) {
    return new WithMessage(await this.authorities.remove(req.session.user!.userId, body.id), '删除成功');
  }
}
