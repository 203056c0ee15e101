import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import '../../../shared/http/session-user.js';
import { LibraryService } from '../application/library.service.js';
import { CopyDto, LibraryAddDto, LibraryIdDto, LibraryIdQuery, LibraryListQuery, LibraryUpdateDto, SyncDto, TaskQuery } from './dto/library.dto.js';

/** The menu of target standards (目标标准): who sees it may create libraries and copies. */
const STANDARD_MENU = 'ly_herm_standard';

/** The target-standard service (001 §7): libraries, the recycle bin, copy and sync with their status poll. */
@ApiTags('target-standard')
@Controller('herm-znfx')
export class LibraryController {
  constructor(private readonly libraries: LibraryService) {}

  @Get('target/list')
  @ApiOperation({ summary: 'Libraries by card mode (normal, parent, child with parentId, recycle), paged; filters targetLevelId, cycleValue, name' })
  list(@Query() q: LibraryListQuery, @Req() req: Request) {
    return this.libraries.list(req.session.user!.userId, q);
  }

  @Get('target/detail')
  @ApiOperation({ summary: 'One library (the Target standard and Target card fields, canEdit, access)' })
  detail(@Query() q: LibraryIdQuery, @Req() req: Request) {
    return this.libraries.detail(req.session.user!.userId, q.id);
  }

  @Post('target/add')
  @HttpCode(200)
  @RequireMenu(STANDARD_MENU)
  @ApiOperation({ summary: 'A new library (name, cycleValue, targetLevelId, dimensionId, treeLevel 1–10, parentId to inherit from a parent); the person is its creator' })
  async add(@Body() body: LibraryAddDto, @Req() req: Request) {
    return new WithMessage(await this.libraries.add(req.session.user!.userId, body), '新增成功');
  }

  @Post('target/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change a library: its creator or an administrator' })
  async update(@Body() body: LibraryUpdateDto, @Req() req: Request) {
    const { id, ...fields } = body;
    return new WithMessage(await this.libraries.update(req.session.user!.userId, id, fields), '修改成功');
  }

  @Post('target/delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move a library to the recycle bin: its creator or an administrator' })
  async delete(@Body() body: LibraryIdDto, @Req() req: Request) {
    return new WithMessage(await this.libraries.remove(req.session.user!.userId, body.id), '删除成功');
  }

  @Post('target/recover')
  @HttpCode(200)
  @ApiOperation({ summary: 'Bring a library back from the recycle bin: its creator or an administrator' })
  async recover(@Body() body: LibraryIdDto, @Req() req: Request) {
    return new WithMessage(await this.libraries.recover(req.session.user!.userId, body.id), '恢复成功');
  }

  @Post('target/purge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a library in the recycle bin for good (refused while objects\' tasks use it): its creator or an administrator' })
  async purge(@Body() body: LibraryIdDto, @Req() req: Request) {
    return new WithMessage(await this.libraries.purge(req.session.user!.userId, body.id), '彻底删除成功');
  }

  @Post('target/copy')
  @HttpCode(200)
  @RequireMenu(STANDARD_MENU)
  @ApiOperation({ summary: 'Copy a library the person may read (id, name, cycleValue?): answers { taskId, libraryId } at once; poll target/checkStatus' })
  copy(@Body() body: CopyDto, @Req() req: Request) {
    return this.libraries.copy(req.session.user!.userId, body);
  }

  @Post('quality/sync')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sync a parent\'s catalogue and points into its children (childId: one child only): answers { taskId } at once; poll target/checkStatus' })
  sync(@Body() body: SyncDto, @Req() req: Request) {
    return this.libraries.sync(req.session.user!.userId, body);
  }

  @Get('target/checkStatus')
  @ApiOperation({ summary: 'A copy or sync: true when done, false while waiting or running; success false with the reason when it failed' })
  checkStatus(@Query() q: TaskQuery) {
    return this.libraries.checkStatus(q.taskId);
  }
}
