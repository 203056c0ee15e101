import { MESSAGE_KIND_NAMES, type MessageKind, type PersonChannel } from '@zhengai/contracts';

/** One message of a batch as push reads it (the in-app message, with its person's name). */
export interface PushMessage {
  id: string;
  userId: string;
  userName: string;
  kind: MessageKind;
  title: string;
  content: string;
  objectType: string | null;
  objectId: string | null;
  link: string | null;
  createdAt: Date;
}

/**
 * More than this many messages of one batch for one person (a warning scan) become ONE digest mail for that person;
 * a department robot's post lists at most this many messages and counts the rest.
 */
export const DIGEST_THRESHOLD = 5;
/** How many messages a digest lists before "等 N 条". */
export const DIGEST_LISTED = 5;
/** Messages one webhook post carries; a larger batch is posted in pages, each its own delivery. */
export const WEBHOOK_PAGE_SIZE = 2_000;
/** The message centre's address (H2's page), the link of every digest. */
export const MESSAGE_CENTRE_PATH = '/messages';

/**
 * The default of a person's kind × channel choice while they have chosen nothing: every channel on. A channel still
 * reaches the person only when it exists: e-mail needs the administrator's SMTP turned on and the person's address,
 * a robot needs their department's robot. So nobody is mailed before an administrator sets SMTP up, and a person
 * turns off what they do not want in 消息接收设置.
 */
export function defaultEnabled(_kind: MessageKind, _channel: PersonChannel): boolean {
  return true;
}

/** Whether one person's messages of one batch go out as one digest rather than one by one. */
export function isDigest(count: number): boolean {
  return count > DIGEST_THRESHOLD;
}

/** The digest's title: 「监测预警：新增 N 条预警」 for a batch of warnings, else 「消息汇总：N 条新消息」. */
export function digestTitle(count: number, kinds: readonly MessageKind[]): string {
  const only = new Set(kinds);
  if (only.size === 1 && only.has('warning')) return `监测预警：新增 ${String(count)} 条预警`;
  if (only.size === 1) return `${MESSAGE_KIND_NAMES[[...only][0]!]}：${String(count)} 条新消息`;
  return `消息汇总：${String(count)} 条新消息`;
}

/** An address a reader can open: the platform's public URL before the app's path; the path alone without one. */
export function absoluteLink(publicUrl: string | null, path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  if (!publicUrl) return path;
  return `${publicUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The mail to one person: one message as itself, or (digest) the title, the first DIGEST_LISTED and a link to the
 * message centre. `listed` are the first messages of the person's `total` in the batch.
 */
export function mailOf(listed: readonly PushMessage[], total: number, kinds: readonly MessageKind[], publicUrl: string | null): MailText {
  if (!isDigest(total) && listed.length === 1) {
    const m = listed[0]!;
    const link = absoluteLink(publicUrl, m.link);
    const text = [`${m.userName}，您好：`, '', m.title, m.content, ...(link ? ['', `查看：${link}`] : []), '', '—— 诊改平台'].join('\n');
    const html = `<p>${escapeHtml(m.userName)}，您好：</p><p><b>${escapeHtml(m.title)}</b></p><p>${escapeHtml(m.content)}</p>${link ? `<p><a href="${escapeHtml(link)}">查看</a></p>` : ''}<p>—— 诊改平台</p>`;
    return { subject: `【诊改平台】${m.title}`, text, html };
  }
  const title = digestTitle(total, kinds);
  const centre = absoluteLink(publicUrl, MESSAGE_CENTRE_PATH)!;
  const shown = listed.slice(0, DIGEST_LISTED);
  const rest = total - shown.length;
  const lines = shown.map((m) => `· ${m.title}：${m.content}`);
  const name = listed[0]?.userName ?? '';
  const text = [`${name}，您好：`, '', `${title}。`, '', ...lines, ...(rest > 0 ? [`……等 ${String(total)} 条`] : []), '', `请在消息中心查看全部：${centre}`, '', '—— 诊改平台'].join('\n');
  const html =
    `<p>${escapeHtml(name)}，您好：</p><p><b>${escapeHtml(title)}</b></p><ul>${shown.map((m) => `<li>${escapeHtml(m.title)}：${escapeHtml(m.content)}</li>`).join('')}</ul>` +
    `${rest > 0 ? `<p>……等 ${String(total)} 条</p>` : ''}<p><a href="${escapeHtml(centre)}">在消息中心查看全部</a></p><p>—— 诊改平台</p>`;
  return { subject: `【诊改平台】${title}`, text, html };
}

export interface RobotPost {
  title: string;
  /** Markdown (the subset both DingTalk and WeCom render: headings, bold, lists, links). */
  markdown: string;
}

/** Markdown's own characters in a message's text, so a title cannot turn into a link or a heading. */
const plain = (s: string) => s.replace(/([\\`*_[\]#>])/g, '\\$1').replace(/\s*\n\s*/g, ' ');

/**
 * One department group's post for a batch: the messages of its people who take this robot. Up to DIGEST_THRESHOLD
 * are listed each with its person and link; more become a digest: the title, how many each person got (the first
 * few people) and a link to the message centre.
 */
export function robotPostOf(listed: readonly PushMessage[], total: number, perPerson: readonly { userName: string; count: number }[], kinds: readonly MessageKind[], publicUrl: string | null): RobotPost {
  if (!isDigest(total)) {
    const title = total === 1 ? listed[0]!.title : `诊改平台：${String(total)} 条新消息`;
    const lines = listed.map((m) => {
      const link = absoluteLink(publicUrl, m.link);
      return `- **${plain(m.userName)}**：${plain(m.title)}，${plain(m.content)}${link ? ` [查看](${link})` : ''}`;
    });
    return { title, markdown: [`### ${plain(title)}`, ...lines].join('\n') };
  }
  const title = digestTitle(total, kinds);
  const people = perPerson.slice(0, DIGEST_LISTED).map((p) => `- **${plain(p.userName)}**：${String(p.count)} 条`);
  const more = perPerson.length > DIGEST_LISTED ? [`- ……共 ${String(perPerson.length)} 人`] : [];
  const first = listed.slice(0, DIGEST_LISTED).map((m) => `> ${plain(m.title)}：${plain(m.content)}`);
  const centre = absoluteLink(publicUrl, MESSAGE_CENTRE_PATH)!;
  return { title, markdown: [`### ${plain(title)}`, ...people, ...more, '', ...first, '', `[在消息中心查看全部](${centre})`].join('\n') };
}

/** Cuts a text to at most `maxBytes` bytes of UTF-8 without splitting a character (WeCom's markdown: 4096 bytes). */
export function cutToBytes(text: string, maxBytes: number): string {
  if (new TextEncoder().encode(text).length <= maxBytes) return text;
  let bytes = 0;
  let out = '';
  for (const ch of text) {
    const size = ch.codePointAt(0)! < 0x80 ? 1 : ch.codePointAt(0)! < 0x800 ? 2 : ch.codePointAt(0)! < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes - 3) return `${out}…`;
    bytes += size;
    out += ch;
  }
  return out;
}

/** A delivery's id, which is its job's id too: the same batch, channel and target (and page) is one delivery, ever. */
export function deliveryId(batchId: string, channel: string, target: string, page: number): string {
  return channel === 'webhook' ? `push-${channel}-${batchId}-${target}-${String(page)}` : `push-${channel}-${batchId}-${target}`;
}
