import { ApiProperty } from '@nestjs/swagger';
import { TASK_GRANT_ACCESS, type TaskGrantInput, type TaskGrantRemove } from '@zhengai/contracts';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ObjTaskQuery } from './diagnosis.dto.js';

export class TaskGrantRemoveDto extends ObjTaskQuery implements TaskGrantRemove {
  @ApiProperty({ description: 'the person granted' }) @IsNotEmpty({ message: '请选择人员' }) @IsString() @MaxLength(64)
  userId!: string;
}

export class TaskGrantDto extends TaskGrantRemoveDto implements TaskGrantInput {
  @ApiProperty({ enum: TASK_GRANT_ACCESS }) @IsIn(TASK_GRANT_ACCESS, { message: 'authorityType 只能是 write 或 read' })
  authorityType!: (typeof TASK_GRANT_ACCESS)[number];
}
