import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RWJD_STATES, TASK_MOVE_ACTIONS, TASK_PAGE_TYPES, TASK_TYPE_CODES, type TargetTaskInput, type TargetTaskMove, type TargetTaskQuery, type TaskMoveAction, type TaskPageType } from '@zhengai/contracts';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../shared/pagination.js';

export class TargetTaskListQuery extends PageQuery implements Partial<TargetTaskQuery> {
  @ApiProperty({ enum: TASK_PAGE_TYPES }) @IsIn(TASK_PAGE_TYPES, { message: '页面类型不正确' })
  pageType!: TaskPageType;

  @ApiPropertyOptional({ description: 'task year (yyyy)' }) @IsOptional() @IsString() @MaxLength(4, { message: '年份须为四位年份' })
  year?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64)
  yearTargetId?: string;

  @ApiPropertyOptional({ description: 'task or department name contains' }) @IsOptional() @IsString() @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ enum: ['normal', 'pause', 'finished'] }) @IsOptional() @IsIn(['normal', 'pause', 'finished'], { message: '任务状态不正确' })
  taskState?: 'normal' | 'pause' | 'finished';

  @ApiPropertyOptional({ enum: RWJD_STATES }) @IsOptional() @IsIn(RWJD_STATES, { message: '任务节点状态不正确' })
  rwjd?: (typeof RWJD_STATES)[number];

  @ApiPropertyOptional({ enum: TASK_TYPE_CODES }) @IsOptional() @IsIn(TASK_TYPE_CODES, { message: '任务类型不正确' })
  rwlx?: (typeof TASK_TYPE_CODES)[number];

  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc'], { message: '排序方式不正确' })
  sort?: 'asc' | 'desc';

  @ApiPropertyOptional({ enum: ['process', 'expired'], description: 'tasks with an open warning of this kind' })
  @IsOptional() @IsIn(['process', 'expired'], { message: '预警类型不正确' })
  warningType?: 'process' | 'expired';

  @ApiPropertyOptional({ description: "target cycle: the year target's cycleYear (yyyy)" }) @IsOptional() @IsString() @MaxLength(4, { message: '目标周期须为四位年份' })
  cycleYear?: string;

  @ApiPropertyOptional({ description: 'charge department id' }) @IsOptional() @IsString() @MaxLength(64)
  chargeDepartId?: string;

  @ApiPropertyOptional({ description: 'last-level task (no children) whose name contains' }) @IsOptional() @IsString() @MaxLength(200)
  leafName?: string;

  @ApiPropertyOptional({ description: "last-level task (no children) whose owner's name contains" }) @IsOptional() @IsString() @MaxLength(50)
  leafOwner?: string;

  @ApiPropertyOptional({ description: 'last-level tasks (no children) only' })
  @IsOptional() @Transform(({ value }) => value === true || value === 'true' || value === '1') @IsBoolean()
  leafOnly?: boolean;

  @ApiPropertyOptional({ enum: ['audit', 'todo'], description: "what waits for the person: audit (待审核) or todo (待办任务), the home page's counters" })
  @IsOptional() @IsIn(['audit', 'todo'])
  waiting?: 'audit' | 'todo';
}

/** Shapes only: presence, lengths, dates and references are checked by the service (one place for the messages). */
export class TargetTaskAddDto implements Partial<TargetTaskInput> {
  @ApiProperty() @IsOptional() yearTargetId?: string;
  @ApiPropertyOptional() @IsOptional() parentId?: string | null;
  @ApiProperty({ description: 'task name, at most 200 characters' }) @IsOptional() rwmc?: string;
  @ApiProperty({ enum: TASK_TYPE_CODES }) @IsOptional() rwlx?: (typeof TASK_TYPE_CODES)[number];
  @ApiPropertyOptional({ enum: ['score', 'level'] }) @IsOptional() examType?: 'score' | 'level';
  @ApiProperty({ description: 'comma-separated years' }) @IsOptional() rwnf?: string;
  @ApiProperty({ description: 'yyyy-MM-dd' }) @IsOptional() kssj?: string;
  @ApiProperty({ description: 'yyyy-MM-dd' }) @IsOptional() jssj?: string;
  @ApiProperty() @IsOptional() chargeDepartId?: string;
  @ApiProperty() @IsOptional() ownerId?: string;
  @ApiPropertyOptional() @IsOptional() auditorId?: string | null;
  @ApiPropertyOptional({ description: 'supervisor id' }) @IsOptional() jkr?: string | null;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() coopDepartIds?: string[];
  @ApiPropertyOptional() @IsOptional() targetUnit?: string | null;
}

export class TargetTaskUpdateDto extends TargetTaskAddDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标任务' }) @IsString() @MaxLength(64)
  id!: string;
}

export class TargetTaskIdDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标任务' }) @IsString() @MaxLength(64)
  id!: string;
}

export class TargetTaskMoveDto implements TargetTaskMove {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标任务' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiProperty({ enum: TASK_MOVE_ACTIONS }) @IsIn(TASK_MOVE_ACTIONS, { message: '操作不正确' })
  action!: TaskMoveAction;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000)
  reason?: string | null;

  @ApiPropertyOptional({ enum: ['process', 'final'] }) @IsOptional() @IsIn(['process', 'final'], { message: '进度类型不正确' })
  reportType?: 'process' | 'final';

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000)
  content?: string | null;

  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsNumber({ allowNaN: false, allowInfinity: false }, { message: '完成值须为数字' })
  valueReached?: number | null;

  @ApiPropertyOptional({ description: 'yyyy-MM-dd' }) @IsOptional() @IsString() @MaxLength(10)
  newEndDate?: string | null;

  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsNumber({ allowNaN: false, allowInfinity: false }, { message: '目标值须为数字' })
  target?: number | null;

  @ApiPropertyOptional({ type: [String], description: 'report: merged files of the reporter, attached as its evidence (stage process or final)' })
  @IsOptional() @IsArray({ message: '佐证材料须为文件列表' }) @ArrayMaxSize(50, { message: '一次最多上传50个佐证材料' }) @IsString({ each: true, message: '佐证材料须为文件列表' }) @MaxLength(64, { each: true })
  fileIds?: string[];
}
