// Message push (issue 34) under /api/messagePush: the administrator's channels (消息推送设置) and each person's
// choices (消息接收设置).
import type {
  DeliveryStatus,
  DepartmentRobotInput,
  PushChannel,
  PushDelivery,
  PushPreference,
  PushPreferences,
  PushSettings,
  PushTestResult,
  PushWebhook,
  PushWebhookInput,
  SmtpSettings,
  SmtpSettingsInput,
} from '@zhengai/contracts';
import type { Page } from '@zhengai/contracts';
import { get, post, type GetOptions, type RequestOptions } from './request';

const BASE = '/api/messagePush';

/** GET settings: SMTP (no password), every department's robots (no secrets), the webhooks. */
export function getPushSettings(opts: GetOptions<PushSettings> = {}): Promise<PushSettings> {
  return get<PushSettings>(`${BASE}/settings`, {}, opts);
}

/** POST smtp: saves the SMTP settings; a password left out keeps the stored one. */
export function saveSmtp(body: Partial<SmtpSettingsInput> & Pick<SmtpSettingsInput, 'enabled' | 'host' | 'port' | 'secure' | 'from'>, opts: RequestOptions<SmtpSettings> = {}): Promise<SmtpSettings> {
  return post<SmtpSettings>(`${BASE}/smtp`, body, opts);
}

/** POST smtp/test {to}: 发送测试邮件 with the stored settings. */
export function testSmtp(to: string, opts: RequestOptions<PushTestResult> = {}): Promise<PushTestResult> {
  return post<PushTestResult>(`${BASE}/smtp/test`, { to }, opts);
}

/** POST robot: a department's DingTalk and/or WeCom robot (a secret left out keeps the stored one). */
export function saveRobot(body: Partial<DepartmentRobotInput> & Pick<DepartmentRobotInput, 'departmentId' | 'dingtalkUrl' | 'wecomUrl'>, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/robot`, body, opts);
}

/** POST robot/delete {departmentId}: removes a department's robots. */
export function deleteRobot(departmentId: string, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/robot/delete`, { departmentId }, opts);
}

/** POST robot/test {departmentId, channel}: one test post to the robot. */
export function testRobot(departmentId: string, channel: 'dingtalk' | 'wecom', opts: RequestOptions<PushTestResult> = {}): Promise<PushTestResult> {
  return post<PushTestResult>(`${BASE}/robot/test`, { departmentId, channel }, opts);
}

/** POST webhook: adds (no id) or changes a webhook. */
export function saveWebhook(body: Partial<PushWebhookInput> & Pick<PushWebhookInput, 'name' | 'url' | 'kinds' | 'enabled'>, opts: RequestOptions<PushWebhook> = {}): Promise<PushWebhook> {
  return post<PushWebhook>(`${BASE}/webhook`, body, opts);
}

/** POST webhook/delete {id}. */
export function deleteWebhook(id: string, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/webhook/delete`, { id }, opts);
}

/** POST webhook/test {id}: one signed test post. */
export function testWebhook(id: string, opts: RequestOptions<PushTestResult> = {}): Promise<PushTestResult> {
  return post<PushTestResult>(`${BASE}/webhook/test`, { id }, opts);
}

/** GET deliveries {status, channel, pageNum, pageSize}: the delivery log, newest first. */
export function getPushDeliveries(query: { status?: DeliveryStatus; channel?: PushChannel; pageNum: number; pageSize: number }, opts: GetOptions<Page<PushDelivery>> = {}): Promise<Page<PushDelivery>> {
  return get<Page<PushDelivery>>(`${BASE}/deliveries`, { ...query }, opts);
}

/** GET preferences: the person's own kind × channel choices and which channels can reach them. */
export function getPushPreferences(opts: GetOptions<PushPreferences> = {}): Promise<PushPreferences> {
  return get<PushPreferences>(`${BASE}/preferences`, {}, opts);
}

/** POST preferences {preferences}: saves the person's choices. */
export function savePushPreferences(preferences: PushPreference[], opts: RequestOptions<PushPreferences> = {}): Promise<PushPreferences> {
  return post<PushPreferences>(`${BASE}/preferences`, { preferences }, opts);
}
