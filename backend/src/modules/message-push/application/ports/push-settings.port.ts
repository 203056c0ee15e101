import type { MessageKind, PersonChannel } from '@zhengai/contracts';

export interface SmtpConfig {
  enabled: boolean;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  /** Stored as given (the SMTP server needs it back); never sent to a screen. */
  password: string | null;
  from: string;
}

export interface RobotConfig {
  departmentId: string;
  departmentName: string;
  dingtalkUrl: string | null;
  dingtalkSecret: string | null;
  wecomUrl: string | null;
}

export interface WebhookConfig {
  id: string;
  name: string;
  url: string;
  secret: string | null;
  kinds: MessageKind[];
  enabled: boolean;
}

export interface PreferenceRow {
  kind: MessageKind;
  channel: PersonChannel;
  enabled: boolean;
}

/** The administrator's channels and each person's choices (tables push_smtp_setting, push_department_robot, push_webhook, push_preference). */
export abstract class PushSettingsRepository {
  abstract smtp(): Promise<SmtpConfig>;
  abstract saveSmtp(config: SmtpConfig): Promise<void>;
  /** Every department, with its robots where it has them, in the department list's order. */
  abstract robots(): Promise<RobotConfig[]>;
  abstract robot(departmentId: string): Promise<RobotConfig | null>;
  abstract departmentExists(departmentId: string): Promise<boolean>;
  abstract saveRobot(config: Omit<RobotConfig, 'departmentName'>): Promise<void>;
  abstract deleteRobot(departmentId: string): Promise<void>;
  abstract webhooks(): Promise<WebhookConfig[]>;
  abstract webhook(id: string): Promise<WebhookConfig | null>;
  abstract saveWebhook(config: Omit<WebhookConfig, 'id'> & { id: string | null }): Promise<string>;
  abstract deleteWebhook(id: string): Promise<boolean>;
  /** The person's e-mail address and department (null when they have none). */
  abstract person(userId: string): Promise<{ email: string | null; departmentId: string | null } | null>;
  abstract preferences(userId: string): Promise<PreferenceRow[]>;
  abstract savePreferences(userId: string, rows: readonly PreferenceRow[]): Promise<void>;
}
