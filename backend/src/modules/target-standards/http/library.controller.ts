import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  JobStartSchema,
  LibraryAddInputSchema,
  LibraryCreateRightsSchema,
  LibraryListQuerySchema,
  LibraryRefSchema,
  LibraryTaskQuerySchema,
  LibraryUpdateInputSchema,
  PointCopyInputSchema,
  SyncInputSchema,
  TargetCopyInputSchema,
  TargetLibrarySchema,
  TaskProgressSchema,
  type JobStart,
  type LibraryAddInput,
  type LibraryCreateRights,
  type LibraryUpdateInput,
  type Page,
  type PointCopyInput,
  type SyncInput,
  type TargetCopyInput,
  type TargetLibrary,
  type TaskProgress,
} from '@zhengai/contracts';
import { z } from 'zod';
import { OnObject, RequireMenu, SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { LibraryService } from '../application/library.service.js';

type LibraryRef = z.infer<typeof LibraryRefSchema>;
type LibraryTaskQuery = z.infer<typeof LibraryTaskQuerySchema>;

/** The menu of target standards (目标标准): who sees it may create libraries and copies. */
const STANDARD_MENU = 'ly_herm_standard';

/** The target-standard service (001 §7): libraries, the recycle bin, copy and sync with their status poll. */
@ApiTags('target-standard')
@Controller('herm-znfx')
export class LibraryController {
  constructor(private readonly libraries: LibraryService) {}

  @Get('target/list')
  @SignedIn()
  @ApiEnvelope(TargetLibrarySchema, { page: true })
  @ApiOperation({ summary: 'Libraries by card mode (normal, parent, child with parentId, recycle), paged; filters targetLevelId, cycleValue, name' })
  list(@ZodQuery(LibraryListQuerySchema) q: z.infer<typeof LibraryListQuerySchema>, @CurrentUser('userId') userId: string): Promise<Page<TargetLibrary>> {
    return this.libraries.list(userId, q);
  }

  @Get('target/rights')
  @SignedIn()
  @ApiEnvelope(LibraryCreateRightsSchema)
  @ApiOperation({ summary: 'Whether the person may create libraries (新增, 复制): what target/add and target/copy check; the screen shows 新增 by it' })
  rights(@CurrentUser('userId') userId: string): Promise<LibraryCreateRights> {
    return this.libraries.createRights(userId);
  }

  @Get('target/detail')
  @SignedIn('library', 'read')
  @ApiEnvelope(TargetLibrarySchema)
  @ApiOperation({ summary: 'One library (the Target standard and Target card fields, canEdit, access)' })
  detail(@ZodQuery(LibraryRefSchema) q: LibraryRef, @CurrentUser('userId') userId: string): Promise<TargetLibrary> {
    return this.libraries.detail(userId, q.id);
  }

  @Post('target/add')
  @HttpCode(200)
  @RequireMenu(STANDARD_MENU)
  @ApiEnvelope(TargetLibrarySchema)
  @ApiOperation({ summary: 'A new library (name, cycleValue, targetLevelId, dimensionId, treeLevel 1–10, parentId to inherit from a parent); the person is its creator' })
  async add(@ZodBody(LibraryAddInputSchema) body: LibraryAddInput, @CurrentUser('userId') userId: string): Promise<WithMessage<TargetLibrary>> {
    return new WithMessage(await this.libraries.add(userId, body), '新增成功');
  }

  @Post('target/update')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(TargetLibrarySchema)
  @ApiOperation({ summary: 'Change a library: its creator or an administrator' })
  async update(@ZodBody(LibraryUpdateInputSchema) body: LibraryUpdateInput, @CurrentUser('userId') userId: string): Promise<WithMessage<TargetLibrary>> {
    const { id, ...fields } = body;
    return new WithMessage(await this.libraries.update(userId, id, fields), '修改成功');
  }

  @Post('target/delete')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Move a library to the recycle bin: its creator or an administrator' })
  async delete(@ZodBody(LibraryRefSchema) body: LibraryRef, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.libraries.remove(userId, body.id), '删除成功');
  }

  @Post('target/recover')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(TargetLibrarySchema)
  @ApiOperation({ summary: 'Bring a library back from the recycle bin: its creator or an administrator' })
  async recover(@ZodBody(LibraryRefSchema) body: LibraryRef, @CurrentUser('userId') userId: string): Promise<WithMessage<TargetLibrary>> {
    return new WithMessage(await this.libraries.recover(userId, body.id), '恢复成功');
  }

  @Post('target/purge')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Delete a library in the recycle bin for good (refused while objects\' tasks use it): its creator or an administrator' })
  async purge(@ZodBody(LibraryRefSchema) body: LibraryRef, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.libraries.purge(userId, body.id), '彻底删除成功');
  }

  @Post('target/copy')
  @OnObject('library', 'read')
  @HttpCode(200)
  @RequireMenu(STANDARD_MENU)
  @ApiEnvelope(JobStartSchema)
  @ApiOperation({ summary: 'Copy a library the person may read (id, name, cycleValue?): answers { taskId, libraryId } at once; poll target/checkStatus' })
  copy(@ZodBody(TargetCopyInputSchema) body: TargetCopyInput, @CurrentUser('userId') userId: string): Promise<JobStart> {
    return this.libraries.copy(userId, body);
  }

  @Post('quality/sync')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(JobStartSchema)
  @ApiOperation({ summary: 'Sync a parent\'s catalogue and points into its children (childId: one child only): answers { taskId } at once; poll target/checkStatus' })
  sync(@ZodBody(SyncInputSchema) body: SyncInput, @CurrentUser('userId') userId: string): Promise<JobStart> {
    return this.libraries.sync(userId, body);
  }

  @Post('quality/copy')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(JobStartSchema)
  @ApiOperation({ summary: 'Copy chosen points (with their data sources and rules) of a library the person may read into an indicator of a library they may write: answers { taskId } at once; codes the target holds already take new codes; poll quality/taskResult or target/checkStatus' })
  copyPoints(@ZodBody(PointCopyInputSchema) body: PointCopyInput, @CurrentUser('userId') userId: string): Promise<JobStart> {
    return this.libraries.copyPoints(userId, body);
  }

  @Get('target/checkStatus')
  @SignedIn('job', 'read')
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'A copy, sync or copy of points (its requester or an administrator): true when done, false while waiting or running; success false with the reason when it failed. quality/taskResult adds the progress' })
  checkStatus(@ZodQuery(LibraryTaskQuerySchema) q: LibraryTaskQuery, @CurrentUser('userId') userId: string): Promise<boolean> {
    return this.libraries.checkStatus(userId, q.taskId);
  }

  @Get('quality/taskResult')
  @SignedIn('job', 'read')
  @ApiEnvelope(TaskProgressSchema)
  @ApiOperation({ summary: "The async task result of a copy, sync or copy of points (checkStatus's rule for who may see it): state, done of total, the step, the reason once failed" })
  taskResult(@ZodQuery(LibraryTaskQuerySchema) q: LibraryTaskQuery, @CurrentUser('userId') userId: string): Promise<TaskProgress> {
    return this.libraries.taskResult(userId, q.taskId);
  }
}
