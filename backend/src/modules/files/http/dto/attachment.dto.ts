import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AttachmentOwner } from '@zhengai/contracts';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { STAGES } from '../../domain/attachment-stage.js';
import { ID_MESSAGE, ID_PATTERN } from './ids.js';

export class QualityPointQuery implements AttachmentOwner {
  @ApiProperty({ description: 'the quality point (质控点) id' })
  @IsString({ message: 'zgzkdid 不正确' }) @Matches(ID_PATTERN, { message: 'zgzkdid 不正确' })
  zgzkdid!: string;

  @ApiPropertyOptional({ description: 'the object task id (gzdxid / dxrwid)' })
  @IsOptional() @IsString() @Matches(ID_PATTERN, { message: 'objTaskId 不正确' })
  objTaskId?: string;
}

export class AttachQuery extends QualityPointQuery {
  @ApiProperty({ enum: STAGES, description: 'mbbz target standard, jcyj warning, zwzd / zjgj diagnosis, unfinish / disqualified improvement' })
  @IsIn([...STAGES], { message: `stage 只能是 ${STAGES.join(', ')}` })
  stage!: string;
}

export class AttachItemDto {
  @ApiProperty()
  @IsString({ message: ID_MESSAGE }) @Matches(ID_PATTERN, { message: ID_MESSAGE })
  fileId!: string;

  @ApiPropertyOptional({ description: 'ignored: the stored name is used' })
  @IsOptional() @IsString() @MaxLength(1000)
  fileName?: string;

  @ApiPropertyOptional({ description: 'ignored: the stored type is used' })
  @IsOptional() @IsString() @MaxLength(20)
  fileType?: string;
}

export class AttachmentIdDto {
  @ApiProperty({ description: 'the attachment id (the id of a fileList item, not its fileId)' })
  @IsString({ message: ID_MESSAGE }) @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id!: string;
}
