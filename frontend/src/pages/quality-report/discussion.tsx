import { Button, Card, Empty, List, Mentions } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { addComment, getShareOptions, listComments, type ReportComment } from '../../api/reports';
import { useRequest } from '../../hooks/use-request';
import styles from './quality-report.module.css';

/** A comment's text with its @names marked. */
function commentText(comment: ReportComment): ReactNode {
  const names = comment.mentions.map((m) => m.userName).filter(Boolean);
  if (names.length === 0) return comment.content;
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = comment.content.split(new RegExp(`(@(?:${escaped.join('|')}))`));
  return parts.map((part, i) => (part.startsWith('@') && names.includes(part.slice(1)) ? <span key={i} className={styles.mention}>{part}</span> : part));
}

/** 讨论: the comments, and a box whose @ picks people (report/shareOptions) to mention. */
export function Discussion({ reportId, canDiscuss }: { reportId: string; canDiscuss: boolean }) {
  const comments = useRequest(() => listComments(reportId), `comments-${reportId}`);
  const [search, setSearch] = useState('');
  const people = useRequest(canDiscuss ? () => getShareOptions(search) : null, `mention-${search}`);
  const [content, setContent] = useState('');
  const [saving, setSaving] = useState(false);
  // name → id of the people picked with @; only those still named in the text are sent
  const picked = useRef(new Map<string, string>());

  const send = async () => {
    const text = content.trim();
    if (!text) return;
    const mentionIds = [...picked.current].filter(([name]) => text.includes(`@${name}`)).map(([, id]) => id);
    setSaving(true);
    try {
      const comment = await addComment({ id: reportId, content: text, mentionIds });
      comments.setData((list) => [...(list ?? []), comment]);
      setContent('');
      picked.current.clear();
    } catch {
      // said by the request layer; the text stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" title="讨论" data-testid="report-discussion">
      <List
        size="small"
        loading={comments.loading}
        dataSource={comments.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无讨论" /> }}
        renderItem={(c) => (
          <List.Item>
            <div>
              <div className={styles.commentMeta}>
                {c.authorName} {c.time}
              </div>
              <div className={styles.text}>{commentText(c)}</div>
            </div>
          </List.Item>
        )}
      />
      {canDiscuss && (
        <div className={styles.commentBox}>
          <Mentions
            aria-label="讨论内容"
            rows={3}
            maxLength={500}
            placeholder="输入讨论内容，@ 提及他人"
            value={content}
            onChange={setContent}
            onSearch={(text) => setSearch(text)}
            // the server finds people by name or account: its answer is the list (a filter by name here hid every
            // match found by account)
            filterOption={false}
            loading={people.loading}
            onSelect={(option) => {
              const user = (people.data?.users ?? []).find((u) => u.userName === option.value);
              if (user) picked.current.set(user.userName, user.userId);
            }}
            options={(people.data?.users ?? []).map((u) => ({ value: u.userName, label: u.departmentName ? `${u.userName}（${u.departmentName}）` : u.userName }))}
          />
          <Button type="primary" loading={saving} disabled={!content.trim()} onClick={() => void send()}>
            发表
          </Button>
        </div>
      )}
    </Card>
  );
}
