import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class TaskCatalogQuery {
  @ApiProperty({ description: "the year targets' cycleYear (yyyy)" }) @IsNotEmpty({ message: '请选择年份' }) @IsString() @MaxLength(4, { message: '年份须为四位年份' })
  year!: string;
}

export class TaskCoopListQuery {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标任务' }) @IsString() @MaxLength(64)
  taskId!: string;
}

/** targetTask/coop/add and coop/update: presence and references are checked by the service. */
export class TaskCoopDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标任务' }) @IsString() @MaxLength(64)
  taskId!: string;

  @ApiProperty({ description: 'the cooperating department' }) @IsOptional() @IsString() @MaxLength(64)
  departmentId?: string;

  @ApiPropertyOptional({ description: 'the cooperation owner (a person)' }) @IsOptional() @IsString() @MaxLength(64)
  ownerId?: string;
}

export class TaskCoopDeleteDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标任务' }) @IsString() @MaxLength(64)
  taskId!: string;

  @ApiProperty({ description: 'the cooperating department' }) @IsNotEmpty({ message: '请选择协同部门' }) @IsString() @MaxLength(64)
  departmentId!: string;
}
