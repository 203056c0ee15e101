import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WARNING_CADENCES, type TaskWarningConditionInput, type WarningCadence } from '@zhengai/contracts';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class TaskWarningConditionQuery {
  @ApiPropertyOptional({ description: 'a year target; without one, the school-wide conditions' }) @IsOptional() @IsString() @MaxLength(64)
  yearTargetId?: string;
}

/** Shapes only: the cadence and the grace days are checked by the service (one place for the messages). */
export class TaskWarningConditionUpdateDto implements Partial<TaskWarningConditionInput> {
  @ApiPropertyOptional({ description: "a year target's own conditions; without one, the school-wide ones" }) @IsOptional() @IsString() @MaxLength(64)
  yearTargetId?: string | null;

  @ApiProperty({ enum: WARNING_CADENCES }) @IsOptional()
  cadence?: WarningCadence;

  @ApiProperty({ description: 'days after a period ends (0–90)' }) @IsOptional() @Type(() => Number)
  graceDays?: number;
}
