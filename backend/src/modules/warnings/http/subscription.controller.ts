import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { SubscriptionSchema, type Subscription } from '@zhengai/contracts';
import { IsOptional, IsString } from 'class-validator';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
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
  @SignedIn()
  @HttpCode(200)
  @ApiEnvelope(SubscriptionSchema, { array: true })
  @ApiOperation({ summary: "Replace the person's followed items for a type and source" })
  update(@Body() body: SubscriptionUpdate, @CurrentUser('userId') userId: string): Promise<Subscription[]> {
    return this.subscriptions.update(userId, body);
  }

  @Get('dynamicYbpDy/query')
  @SignedIn()
  @ApiEnvelope(SubscriptionSchema, { array: true })
  @ApiOperation({ summary: "The person's followed items (optionally by type and source)" })
  query(@Query() q: SubscriptionQuery, @CurrentUser('userId') userId: string): Promise<Subscription[]> {
    return this.subscriptions.query(userId, q);
  }

  @Get('analysis/dynamicYbpDyquery')
  @SignedIn()
  @ApiEnvelope(SubscriptionSchema, { array: true })
  @ApiOperation({ summary: "The person's followed items of one source (type 'portrayal')" })
  bySource(@Query() q: SubscriptionQuery, @CurrentUser('userId') userId: string): Promise<Subscription[]> {
    return this.subscriptions.query(userId, { type: q.type ?? 'portrayal', sourceId: q.sourceId });
  }
}
