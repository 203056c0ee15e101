import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CARD_CHARTS, PORTRAYAL_KINDS, PORTRAYAL_LEVELS } from '@zhengai/contracts';
import { IsOptional } from 'class-validator';
import { z } from 'zod';

// Declarations for the validation pipe and the OpenAPI document; the contract's zod schemas check them (shared/http/zod-parsed.ts).

export const PortrayalIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const CardDataQuerySchema = PortrayalIdSchema.extend({ chart: z.enum(CARD_CHARTS).optional() });
export const PortrayalAuthQuerySchema = z.object({ level: z.enum(PORTRAYAL_LEVELS).optional() });

export class PortrayalIdDto {
  @ApiProperty() @IsOptional() id?: unknown;
}

export class CardDataQueryDto {
  @ApiProperty({ description: 'a card id' }) @IsOptional() id?: unknown;
  @ApiPropertyOptional({ enum: CARD_CHARTS, description: "the chart to draw it as (default: the card's)" }) @IsOptional() chart?: unknown;
}

export class PortrayalListQueryDto {
  @ApiPropertyOptional({ default: 1 }) @IsOptional() pageNum?: unknown;
  @ApiPropertyOptional({ default: 10 }) @IsOptional() pageSize?: unknown;
  @ApiPropertyOptional({ description: 'name contains' }) @IsOptional() name?: unknown;
  @ApiPropertyOptional({ enum: PORTRAYAL_LEVELS }) @IsOptional() level?: unknown;
}

export class PortrayalLevelQueryDto {
  @ApiPropertyOptional({ enum: PORTRAYAL_LEVELS }) @IsOptional() level?: unknown;
}

export class PortrayalInputDto {
  @ApiPropertyOptional({ description: 'absent on add; the record to change on update' }) @IsOptional() id?: unknown;
  @ApiProperty({ enum: PORTRAYAL_KINDS }) @IsOptional() kind?: unknown;
  @ApiProperty({ description: 'at most 60 characters' }) @IsOptional() name?: unknown;
  @ApiPropertyOptional({ description: 'the name as a child shows it (default: name)' }) @IsOptional() nametwo?: unknown;
  @ApiProperty({ description: 'permission key, unique: letters, digits, underscore' }) @IsOptional() cm?: unknown;
  @ApiProperty({ enum: PORTRAYAL_LEVELS }) @IsOptional() level?: unknown;
  @ApiPropertyOptional({ description: "a menu's parent menu" }) @IsOptional() parentId?: unknown;
  @ApiPropertyOptional({ type: Number }) @IsOptional() sort?: unknown;
  @ApiPropertyOptional() @IsOptional() description?: unknown;
  @ApiPropertyOptional({ description: 'a card: { chart, source, indicator? } (required for a card)', type: Object }) @IsOptional() content?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'roles granted to read it (absent on update: unchanged)' }) @IsOptional() roleIds?: unknown;
  @ApiPropertyOptional({ type: [String], description: "a menu's or screen's cards in order (absent on update: unchanged)" }) @IsOptional() cardIds?: unknown;
}

export class DashboardInputDto {
  @ApiProperty({ description: 'at most 12 tiles: { cardId, chart?, width? }', type: [Object] }) @IsOptional() tiles?: unknown;
}
