// Message push (issue 34): an administrator's channels (SMTP, a department's DingTalk / WeCom group robot, generic
// webhooks) and each person's choice of which kinds of message reach them by which channel. The in-app message is
// always kept; push only copies it outward.
import { z } from 'zod';
import { id, integer, optionalText, PAGE_QUERY, requiredText, text } from './input.js';
import { MESSAGE_KINDS } from './messages.js';

/** The channels a person chooses per kind (a department's robot reaches them through their department's group). */
export const PERSON_CHANNELS = ['email', 'dingtalk', 'wecom'] as const;
export type PersonChannel = (typeof PERSON_CHANNELS)[number];
/** Every channel a delivery goes by (webhooks are chosen by the administrator per kind, not by the person). */
export const PUSH_CHANNELS = [...PERSON_CHANNELS, 'webhook'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

export const PUSH_CHANNEL_NAMES: Record<PushChannel, string> = {
  email: '邮件',
  dingtalk: '钉钉群机器人',
  wecom: '企业微信群机器人',
  webhook: 'Webhook',
};

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_NAMES: Record<DeliveryStatus, string> = { queued: '待发送', sent: '已发送', failed: '发送失败' };

export const PUSH_LIMITS = { host: 255, user: 255, password: 255, from: 255, url: 1000, secret: 255, name: 60, email: 100 } as const;

/** An http(s) address: a robot's or a webhook's. Other schemes (file:, ftp:, javascript:) are refused here. */
/** http(s)://host[:port][/path?query]: no other scheme, no user:password@ part, no spaces. */
export const HTTP_URL_PATTERN = /^https?:\/\/[A-Za-z0-9.\-[\]:]+(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
const httpUrl = (label: string) =>
  requiredText(PUSH_LIMITS.url, { missing: `请输入${label}` }).regex(HTTP_URL_PATTERN, `${label}必须是 http 或 https 地址`);
const optionalHttpUrl = (label: string) =>
  optionalText(PUSH_LIMITS.url).refine((value) => value === null || HTTP_URL_PATTERN.test(value), `${label}必须是 http 或 https 地址`);
const emailAddress = (missing: string) =>
  requiredText(PUSH_LIMITS.email, { missing }).regex(/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/, '邮箱格式不正确');

/** The SMTP settings as an administrator reads them: the password is never sent back, only whether one is set. */
export const SmtpSettingsSchema = z
  .object({
    enabled: z.boolean(),
    host: z.string(),
    port: z.number().int(),
    secure: z.boolean().describe('TLS from the first byte (port 465); false uses STARTTLS when the server offers it'),
    user: z.string(),
    passwordSet: z.boolean(),
    from: z.string().describe('the sender, e.g. 诊改平台 <zg@school.edu.cn>'),
  })
  .meta({ id: 'SmtpSettings' });
export type SmtpSettings = z.infer<typeof SmtpSettingsSchema>;

/** POST messagePush/smtp. A password left out (or null) keeps the stored one; clearPassword removes it. */
export const SmtpSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    host: requiredText(PUSH_LIMITS.host, { missing: '请输入SMTP服务器' }),
    port: integer({ min: 1, max: 65535 }),
    secure: z.boolean(),
    user: text(PUSH_LIMITS.user).optional().default(''),
    password: optionalText(PUSH_LIMITS.password).optional(),
    clearPassword: z.boolean().optional().default(false),
    from: requiredText(PUSH_LIMITS.from, { missing: '请输入发件人' }),
  })
  .meta({ id: 'SmtpSettingsInput' });
export type SmtpSettingsInput = z.infer<typeof SmtpSettingsInputSchema>;

/** POST messagePush/smtp/test: sends 诊改平台测试邮件 to this address with the stored settings. */
export const SmtpTestInputSchema = z.object({ to: emailAddress('请输入收件邮箱') }).meta({ id: 'SmtpTestInput' });
export type SmtpTestInput = z.infer<typeof SmtpTestInputSchema>;

/** What a 发送测试 action answers: sent, or the error the channel gave. */
export const PushTestResultSchema = z.object({ ok: z.boolean(), error: z.string().nullable() }).meta({ id: 'PushTestResult' });
export type PushTestResult = z.infer<typeof PushTestResultSchema>;

/** One department's group robots (secrets never sent back). */
export const DepartmentRobotSchema = z
  .object({
    departmentId: z.string(),
    departmentName: z.string(),
    dingtalkUrl: z.string().nullable(),
    dingtalkSecretSet: z.boolean().describe('加签: the robot\'s secret is stored'),
    wecomUrl: z.string().nullable(),
  })
  .meta({ id: 'DepartmentRobot' });
export type DepartmentRobot = z.infer<typeof DepartmentRobotSchema>;

/** POST messagePush/robot: a department's robots; a secret left out (null) keeps the stored one unless clearDingtalkSecret. */
export const DepartmentRobotInputSchema = z
  .object({
    departmentId: id('请选择部门'),
    dingtalkUrl: optionalHttpUrl('钉钉机器人地址'),
    dingtalkSecret: optionalText(PUSH_LIMITS.secret).optional(),
    clearDingtalkSecret: z.boolean().optional().default(false),
    wecomUrl: optionalHttpUrl('企业微信机器人地址'),
  })
  .meta({ id: 'DepartmentRobotInput' });
export type DepartmentRobotInput = z.infer<typeof DepartmentRobotInputSchema>;

export const DepartmentRefInputSchema = z.object({ departmentId: id('请选择部门') }).meta({ id: 'DepartmentRefInput' });
export type DepartmentRefInput = z.infer<typeof DepartmentRefInputSchema>;

/** POST messagePush/robot/test: one test post to a department's robot. */
export const RobotTestInputSchema = z
  .object({ departmentId: id('请选择部门'), channel: z.enum(['dingtalk', 'wecom'], { error: '请选择机器人' }) })
  .meta({ id: 'RobotTestInput' });
export type RobotTestInput = z.infer<typeof RobotTestInputSchema>;

/** A generic outgoing webhook: every message of its kinds is posted to it as JSON, signed with its secret. */
export const PushWebhookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    kinds: z.array(z.enum(MESSAGE_KINDS)),
    enabled: z.boolean(),
    secretSet: z.boolean(),
  })
  .meta({ id: 'PushWebhook' });
export type PushWebhook = z.infer<typeof PushWebhookSchema>;

/** POST messagePush/webhook: a new one (no id) or a change; a secret left out keeps the stored one. */
export const PushWebhookInputSchema = z
  .object({
    id: id().optional(),
    name: requiredText(PUSH_LIMITS.name, { missing: '请输入名称' }),
    url: httpUrl('Webhook地址'),
    secret: optionalText(PUSH_LIMITS.secret).optional(),
    kinds: z.array(z.enum(MESSAGE_KINDS)).min(1, '请选择消息类型').max(MESSAGE_KINDS.length),
    enabled: z.boolean(),
  })
  .meta({ id: 'PushWebhookInput' });
export type PushWebhookInput = z.infer<typeof PushWebhookInputSchema>;

export const PushWebhookRefInputSchema = z.object({ id: id('请选择Webhook') }).meta({ id: 'PushWebhookRefInput' });
export type PushWebhookRefInput = z.infer<typeof PushWebhookRefInputSchema>;

/** GET messagePush/settings: everything an administrator configures. */
export const PushSettingsSchema = z
  .object({
    smtp: SmtpSettingsSchema,
    robots: z.array(DepartmentRobotSchema).describe('every department, robots or not'),
    webhooks: z.array(PushWebhookSchema),
  })
  .meta({ id: 'PushSettings' });
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** One delivery (a mail, a robot post, a webhook post) as the administrator's log shows it. */
export const PushDeliverySchema = z
  .object({
    id: z.string(),
    batchId: z.string(),
    channel: z.enum(PUSH_CHANNELS),
    target: z.string().describe('the id of the person (or message), department or webhook it went to'),
    targetName: z.string().describe('that person\'s, department\'s or webhook\'s name'),
    title: z.string(),
    messageCount: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'PushDelivery' });
export type PushDelivery = z.infer<typeof PushDeliverySchema>;

export const PushDeliveryQuerySchema = z
  .object({ status: z.enum(DELIVERY_STATUSES).optional(), channel: z.enum(PUSH_CHANNELS).optional(), ...PAGE_QUERY })
  .meta({ id: 'PushDeliveryQuery' });
export type PushDeliveryQuery = z.input<typeof PushDeliveryQuerySchema>;

/** One kind × channel choice of a person's. */
export const PushPreferenceSchema = z
  .object({ kind: z.enum(MESSAGE_KINDS), channel: z.enum(PERSON_CHANNELS), enabled: z.boolean() })
  .meta({ id: 'PushPreference' });
export type PushPreference = z.infer<typeof PushPreferenceSchema>;

/** Whether a channel can reach the person now, and why not (消息接收设置 greys it out with the reason). */
export const PushChannelStateSchema = z
  .object({ channel: z.enum(PERSON_CHANNELS), available: z.boolean(), reason: z.string().nullable() })
  .meta({ id: 'PushChannelState' });

/** GET messagePush/preferences: the person's choices, every kind × channel (the defaults where they chose nothing). */
export const PushPreferencesSchema = z
  .object({
    email: z.string().nullable().describe('the person\'s e-mail address (their profile)'),
    channels: z.array(PushChannelStateSchema),
    preferences: z.array(PushPreferenceSchema),
  })
  .meta({ id: 'PushPreferences' });
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

/** POST messagePush/preferences: the choices to keep (others unchanged). */
export const PushPreferencesInputSchema = z
  .object({ preferences: z.array(PushPreferenceSchema).min(1).max(MESSAGE_KINDS.length * PERSON_CHANNELS.length) })
  .meta({ id: 'PushPreferencesInput' });
export type PushPreferencesInput = z.infer<typeof PushPreferencesInputSchema>;
