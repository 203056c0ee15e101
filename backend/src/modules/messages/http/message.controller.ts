import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MessageListQuerySchema,
  MessageReadAllInputSchema,
  MessageReadInputSchema,
  MessageReadResultSchema,
  MessageSchema,
  MessageUnreadCountSchema,
  type Message,
  type MessageReadAllInput,
  type MessageReadInput,
  type MessageReadResult,
  type MessageUnreadCount,
  type Page,
} from '@zhengai/contracts';
import type { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { MessageService } from '../application/message.service.js';

/** The message centre (消息中心): every signed-in person, their own messages only. */
@ApiTags('message')
@Controller('message')
export class MessageController {
  constructor(private readonly messages: MessageService) {}

  @Get('list')
  @SignedIn()
  @ApiEnvelope(MessageSchema, { page: true })
  @ApiOperation({ summary: 'The person\'s own messages, unread first then newest; filters kind and unreadOnly; paged' })
  list(@ZodQuery(MessageListQuerySchema) q: z.infer<typeof MessageListQuerySchema>, @CurrentUser('userId') userId: string): Promise<Page<Message>> {
    return this.messages.list(userId, { kind: q.kind, unreadOnly: q.unreadOnly, pageNum: q.pageNum, pageSize: q.pageSize });
  }

  @Get('unreadCount')
  @SignedIn()
  @ApiEnvelope(MessageUnreadCountSchema)
  @ApiOperation({ summary: 'The bell: the person\'s unread messages (total and by kind) and the newest message\'s id and time' })
  unreadCount(@CurrentUser('userId') userId: string): Promise<MessageUnreadCount> {
    return this.messages.unreadCount(userId);
  }

  @Post('read')
  @HttpCode(200)
  @SignedIn()
  @ApiEnvelope(MessageReadResultSchema)
  @ApiOperation({ summary: 'Marks the person\'s own messages of ids read; ids of others\' messages change nothing (updated counts only the person\'s)' })
  async read(@ZodBody(MessageReadInputSchema) body: MessageReadInput, @CurrentUser('userId') userId: string): Promise<MessageReadResult> {
    return { updated: await this.messages.markRead(userId, body.ids) };
  }

  @Post('readAll')
  @HttpCode(200)
  @SignedIn()
  @ApiEnvelope(MessageReadResultSchema)
  @ApiOperation({ summary: 'Marks every unread message of the person read (of one kind when kind is given)' })
  async readAll(@ZodBody(MessageReadAllInputSchema) body: MessageReadAllInput, @CurrentUser('userId') userId: string): Promise<MessageReadResult> {
    return { updated: await this.messages.markAllRead(userId, body.kind) };
  }
}
