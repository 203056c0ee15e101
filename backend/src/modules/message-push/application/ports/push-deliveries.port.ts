import type { DeliveryStatus, MessageKind, PushChannel } from '@zhengai/contracts';
import type { PushMessage } from '../../domain/push-rules.js';

/** One delivery to make: a person's mail (one message or a digest), a department's robot post, a webhook's page. */
export interface PlannedDelivery {
  /** The job's id too: `push-<channel>-<batchId>-<target>[-<page>]`, so a batch announced twice delivers once. */
  id: string;
  channel: PushChannel;
  /** email: a message id (one message) or a person's id (digest); robots: a department's id; webhook: its id. */
  target: string;
  digest: boolean;
  page: number;
  messageCount: number;
}

/** What one delivery carries, read when it is sent (not when planned: the job holds only ids). */
export interface DeliveryContent {
  /** The first messages, at most `limit`, oldest first. */
  listed: PushMessage[];
  total: number;
  kinds: MessageKind[];
  /** An e-mail delivery's address (the person's, read when sending); null otherwise. */
  recipient: string | null;
  /** For a robot's digest: how many messages each person got, most first. */
  perPerson: { userName: string; count: number }[];
}

export interface DeliveryRecord {
  id: string;
  batchId: string;
  channel: PushChannel;
  target: string;
  /** The person's, department's or webhook's name. */
  targetName: string;
  title: string;
  messageCount: number;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * The batch's messages as push reads them (H2's table `message`, joined with the people's choices and addresses),
 * and the delivery log (push_delivery). Set-based: a batch of 40,000 messages is planned in a few statements.
 */
export abstract class PushDeliveryRepository {
  /** Every delivery the batch calls for, from the people's choices, the channels configured and the webhooks' kinds. */
  abstract plan(batchId: string, smtpEnabled: boolean): Promise<PlannedDelivery[]>;
  /**
   * Records the deliveries as queued (a delivery recorded before keeps its row); answers those still queued, so a
   * second announce queues again only what is not yet sent or failed (the job id keeps a queued one single).
   */
  abstract record(batchId: string, deliveries: readonly PlannedDelivery[]): Promise<PlannedDelivery[]>;
  /** The messages one delivery carries. */
  abstract content(batchId: string, channel: PushChannel, target: string, digest: boolean, page: number, limit: number): Promise<DeliveryContent>;
  abstract find(id: string): Promise<DeliveryRecord | null>;
  abstract markSent(id: string, title: string, attempts: number): Promise<void>;
  /** A failed try: its error kept; `final` marks the delivery failed (no retry is coming). */
  abstract markAttempt(id: string, attempts: number, error: string, final: boolean): Promise<void>;
  abstract list(filter: { status?: DeliveryStatus; channel?: PushChannel }, page: { pageNum: number; pageSize: number }): Promise<{ records: DeliveryRecord[]; total: number }>;
}
