import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  SubscriptionQuerySchema,
  SubscriptionSchema,
  SubscriptionUpdateInputSchema,
  type Subscription,
  type SubscriptionUpdateInput,
} from '@zhengai/contracts';
import { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { SubscriptionService } from '../application/subscription.service.js';

type SubscriptionQuery = z.infer<typeof SubscriptionQuerySchema>;

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
  update(@ZodBody(SubscriptionUpdateInputSchema) body: SubscriptionUpdateInput, @CurrentUser('userId') userId: string): Promise<Subscription[]> {
    return this.subscriptions.update(userId, body);
  }

  @Get('dynamicYbpDy/query')
  @SignedIn()
  @ApiEnvelope(SubscriptionSchema, { array: true })
  @ApiOperation({ summary: "The person's followed items (optionally by type and source)" })
  query(@ZodQuery(SubscriptionQuerySchema) q: SubscriptionQuery, @CurrentUser('userId') userId: string): Promise<Subscription[]> {
    return this.subscriptions.query(userId, q);
  }

  @Get('analysis/dynamicYbpDyquery')
  @SignedIn()
  @ApiEnvelope(SubscriptionSchema, { array: true })
  @ApiOperation({ summary: "The person's followed items of one source (type 'portrayal')" })
  bySource(@ZodQuery(SubscriptionQuerySchema) q: SubscriptionQuery, @CurrentUser('userId') userId: string): Promise<Subscription[]> {
    return this.subscriptions.query(userId, { type: q.type ?? 'portrayal', sourceId: q.sourceId });
  }
}
