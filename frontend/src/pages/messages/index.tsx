import { Badge, Button, Card, Empty, List, Pagination, Radio, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { onDataChanged } from '../../api/data-events';
import { getMessages, markAllMessagesRead, markMessagesRead, MESSAGE_KIND_NAMES, MESSAGE_KINDS, type Message, type MessageKind } from '../../api/messages';
import layout from '../../components/page-layout.module.css';
import { refreshUnreadMessages, useUnreadMessages } from '../../hooks/use-unread-messages';
import { useRequest } from '../../hooks/use-request';
import styles from './messages.module.css';

const PAGE_SIZE = 10;
const ALL = 'all';

/** 消息中心: the person's messages, unread first; a tab per kind; each opens its object and becomes read. */
export default function MessagesPage() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<MessageKind | typeof ALL>(ALL);
  const [pageNum, setPageNum] = useState(1);
  const unread = useUnreadMessages();
  const filter = { pageNum, pageSize: PAGE_SIZE, kind: kind === ALL ? null : kind };
  const { data, loading, reload } = useRequest(() => getMessages(filter), JSON.stringify(filter));
  // a new message (the bell's poll) or a write elsewhere: the list asks again
  useEffect(() => onDataChanged(() => void reload()), [reload]);

  const afterMarking = async () => {
    await refreshUnreadMessages();
    await reload();
  };
  const open = async (m: Message) => {
    if (!m.readAt) await markMessagesRead([m.id], { silent: true }).catch(() => undefined);
    void refreshUnreadMessages();
    if (m.link) navigate(m.link);
    else void reload();
  };
  const countOf = (k: MessageKind | typeof ALL) => (k === ALL ? (unread?.total ?? 0) : (unread?.byKind[k] ?? 0));
  const tabLabel = (k: MessageKind | typeof ALL, name: string) => (
    <>
      {name}
      {countOf(k) > 0 && <Badge count={countOf(k)} size="small" className={styles.kindCount} />}
    </>
  );

  return (
    <Card
      title="消息中心"
      className={`${layout.wrapHead} ${styles.page}`}
      extra={
        <Button
          disabled={countOf(kind) === 0}
          onClick={() => void markAllMessagesRead(kind === ALL ? null : kind, { successMessage: '已全部标记为已读' }).then(afterMarking)}
          data-testid="messages-read-all"
        >
          全部已读
        </Button>
      }
    >
      {/* the kinds as buttons that wrap: all seven stay in reach at 390 px (a tab bar would hide some behind "…") */}
      <Radio.Group
        className={styles.kinds}
        optionType="button"
        value={kind}
        aria-label="消息类型"
        onChange={(e) => {
          setKind(e.target.value as MessageKind | typeof ALL);
          setPageNum(1);
        }}
      >
        {[[ALL, '全部'] as const, ...MESSAGE_KINDS.map((k) => [k, MESSAGE_KIND_NAMES[k]] as const)].map(([k, name]) => (
          <Radio.Button key={k} value={k}>
            {tabLabel(k, name)}
          </Radio.Button>
        ))}
      </Radio.Group>
      <List
        loading={loading && !data}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty description="暂无消息" /> }}
        renderItem={(m) => (
          <List.Item
            className={m.readAt ? styles.item : `${styles.item} ${styles.unread}`}
            data-testid="message-item"
            actions={m.readAt ? [] : [
              <Button key="read" type="link" size="small" onClick={() => void markMessagesRead([m.id], { successMessage: '已标记为已读' }).then(afterMarking)}>
                标记已读
              </Button>,
            ]}
          >
            <button type="button" className={styles.open} onClick={() => void open(m)} data-testid="message-open">
              <Space size={6} wrap className={styles.head}>
                {!m.readAt && <Badge status="processing" />}
                <Tag color="blue">{MESSAGE_KIND_NAMES[m.kind]}</Tag>
                <Typography.Text strong={!m.readAt}>{m.title}</Typography.Text>
              </Space>
              <div className={styles.content}>{m.content}</div>
              <div className={styles.time}>{m.createdAt}{m.readAt ? ' · 已读' : ' · 未读'}</div>
            </button>
          </List.Item>
        )}
      />
      {(data?.total ?? 0) > PAGE_SIZE && (
        <Pagination className={styles.pager} size="small" current={pageNum} pageSize={PAGE_SIZE} total={data?.total ?? 0} onChange={setPageNum} showSizeChanger={false} />
      )}
    </Card>
  );
}
