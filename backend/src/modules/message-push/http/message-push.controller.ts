import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DepartmentRefInputSchema,
  DepartmentRobotInputSchema,
  PushDeliveryQuerySchema,
  PushDeliverySchema,
  PushPreferencesInputSchema,
  PushPreferencesSchema,
  PushSettingsSchema,
  PushTestResultSchema,
  PushWebhookInputSchema,
  PushWebhookRefInputSchema,
  PushWebhookSchema,
  RobotTestInputSchema,
  SmtpSettingsInputSchema,
  SmtpSettingsSchema,
  SmtpTestInputSchema,
  type DepartmentRefInput,
  type DepartmentRobotInput,
  type PushWebhookInput,
  type SmtpSettingsInput,
  type PushDelivery,
  type PushPreferences,
  type PushPreferencesInput,
  type PushSettings,
  type PushTestResult,
  type PushWebhook,
  type PushWebhookRefInput,
  type RobotTestInput,
  type SmtpTestInput,
} from '@zhengai/contracts';
import type { z } from 'zod';
import { AdminOnly, SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import type { Paged } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { PushSettingsService } from '../application/push-settings.service.js';

/** 消息推送设置 (administrators) and 消息接收设置 (each person): base /api/messagePush. */
@ApiTags('message-push')
@Controller('messagePush')
export class MessagePushController {
  constructor(private readonly push: PushSettingsService) {}

  @Get('settings')
  @AdminOnly()
  @ApiEnvelope(PushSettingsSchema)
  @ApiOperation({ summary: 'The push channels: SMTP (no password), every department\'s robots (no secrets), the webhooks' })
  settings(): Promise<PushSettings> {
    return this.push.read();
  }

  @Post('smtp')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(SmtpSettingsSchema)
  @ApiOperation({ summary: 'Save the SMTP settings (a password left out keeps the stored one)' })
  saveSmtp(@ZodBody(SmtpSettingsInputSchema) body: SmtpSettingsInput): Promise<PushSettings['smtp']> {
    return this.push.saveSmtp(body);
  }

  @Post('smtp/test')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(PushTestResultSchema)
  @ApiOperation({ summary: '发送测试邮件: one mail with the stored settings; answers the SMTP server\'s error, if any' })
  testSmtp(@ZodBody(SmtpTestInputSchema) body: SmtpTestInput): Promise<PushTestResult> {
    return this.push.testSmtp(body.to);
  }

  @Post('robot')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Save a department\'s DingTalk and/or WeCom group robot (both empty removes them)' })
  async saveRobot(@ZodBody(DepartmentRobotInputSchema) body: DepartmentRobotInput): Promise<null> {
    await this.push.saveRobot(body);
    return null;
  }

  @Post('robot/delete')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Remove a department\'s robots' })
  async deleteRobot(@ZodBody(DepartmentRefInputSchema) body: DepartmentRefInput): Promise<null> {
    await this.push.deleteRobot(body.departmentId);
    return null;
  }

  @Post('robot/test')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(PushTestResultSchema)
  @ApiOperation({ summary: '发送测试: one post to a department\'s DingTalk or WeCom robot' })
  testRobot(@ZodBody(RobotTestInputSchema) body: RobotTestInput): Promise<PushTestResult> {
    return this.push.testRobot(body.departmentId, body.channel);
  }

  @Post('webhook')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(PushWebhookSchema)
  @ApiOperation({ summary: 'Add (no id) or change a generic webhook (a secret left out keeps the stored one)' })
  saveWebhook(@ZodBody(PushWebhookInputSchema) body: PushWebhookInput): Promise<PushWebhook> {
    return this.push.saveWebhook(body);
  }

  @Post('webhook/delete')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Delete a webhook' })
  async deleteWebhook(@ZodBody(PushWebhookRefInputSchema) body: PushWebhookRefInput): Promise<null> {
    await this.push.deleteWebhook(body.id);
    return null;
  }

  @Post('webhook/test')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(PushTestResultSchema)
  @ApiOperation({ summary: '发送测试: one signed test post to a webhook' })
  testWebhook(@ZodBody(PushWebhookRefInputSchema) body: PushWebhookRefInput): Promise<PushTestResult> {
    return this.push.testWebhook(body.id);
  }

  @Get('deliveries')
  @AdminOnly()
  @ApiEnvelope(PushDeliverySchema, { page: true })
  @ApiOperation({ summary: 'The delivery log, newest first (status, attempts, last error)' })
  deliveries(@ZodQuery(PushDeliveryQuerySchema) q: z.output<typeof PushDeliveryQuerySchema>): Promise<Paged<PushDelivery>> {
    return this.push.deliveryLog({ status: q.status, channel: q.channel }, { pageNum: q.pageNum, pageSize: q.pageSize });
  }

  @Get('preferences')
  @SignedIn()
  @ApiEnvelope(PushPreferencesSchema)
  @ApiOperation({ summary: 'The person\'s own choices: which kinds reach them by which channel' })
  preferences(@CurrentUser('userId') userId: string): Promise<PushPreferences> {
    return this.push.preferences(userId);
  }

  @Post('preferences')
  @HttpCode(200)
  @SignedIn()
  @ApiEnvelope(PushPreferencesSchema)
  @ApiOperation({ summary: 'Save the person\'s own choices (those sent; the others unchanged)' })
  savePreferences(@ZodBody(PushPreferencesInputSchema) body: PushPreferencesInput, @CurrentUser('userId') userId: string): Promise<PushPreferences> {
    return this.push.savePreferences(userId, body);
  }
}
