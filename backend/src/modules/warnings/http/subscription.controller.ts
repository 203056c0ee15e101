import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { Request } from 'express';
import '../../../shared/http/session-user.js';
import { SubscriptionService } from '../application/subscription.service.js';

class SubscriptionQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() sourceId?: string;
}

class SubscriptionUpdate {
  @ApiPropertyOptional({ description: "kind of subscription, default 'portrayal'" }) @IsOptional() type?: unknown;
  @ApiPropertyOptional({ description: 'where the items are followed from' }) @IsOptional() sourceId?: unknown;
  @ApiPropertyOptional({ description: '[{ sfzid, sfbb, lw, sfzsj }]' }) @IsOptional() list?: unknown;
}

/** The subscription store (spec 000 §7): base /api/herm-sjgl. */
@ApiTags('subscriptions')
@Controller('herm-sjgl')
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @Post('dynamicYbpDy/updateList')
  @HttpCode(200)
  @ApiOperation({ summary: "Replace the person's followed items for a type and source" })
  update(@Body() body: SubscriptionUpdate, @Req() req: Request) {
    return this.subscriptions.update(req.session.user!.userId, body);
  }

  @Get('dynamicYbpDy/query')
  @ApiOperation({ summary: "The person's followed items (optionally by type and source)" })
  query(@Query() q: SubscriptionQuery, @Req() req: Request) {
    return this.subscriptions.query(req.session.user!.userId, q);
  }

  @Get('analysis/dynamicYbpDyquery')
  @ApiOperation({ summary: "The person's followed items of one source (type 'portrayal')" })
  bySource(@Query() q: SubscriptionQuery, @Req() req: Request) {
    return this.subscriptions.query(req.session.user!.userId, { type: q.type ?? 'portrayal', sourceId: q.sourceId });
  }
}
