// The 历史 tab of a fill: every save, import, commit, audit and rollback, newest first, with the cells a save changed.
import { Empty, List, Spin, Tag, Typography } from 'antd';
import { FILL_ACTION_LABELS, type FillAction, type FillHistory } from '@zhengai/contracts';
import { fillHistory } from '../../../api/data-collection';
import { useRequest } from '../../../hooks/use-request';

const ACTION_COLORS: Record<FillAction, string> = { save: 'default', import: 'blue', commit: 'processing', audit: 'success', rollback: 'error' };

export function FillHistoryList({ fillTaskId, version }: { fillTaskId: string; /** bump to reload */ version?: number }) {
  const { data, loading } = useRequest(() => fillHistory(fillTaskId), `${fillTaskId}:${version ?? 0}`);
  if (!data?.length) return <Spin spinning={loading}>{!loading && <Empty description="暂无记录" />}</Spin>;
  return (
    <List<FillHistory>
      loading={loading}
      dataSource={data}
      renderItem={(h) => (
        <List.Item data-testid="fill-history-item">
          <div style={{ width: '100%' }}>
            <div>
              <Tag color={ACTION_COLORS[h.action]}>{FILL_ACTION_LABELS[h.action]}</Tag>
              <Typography.Text strong>{h.actorName}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {h.time}
              </Typography.Text>
              {(h.action === 'save' || h.action === 'import' || h.action === 'commit') && (
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  新增{h.added}行，修改{h.changed}行，删除{h.removed}行，共{h.rowCount}行
                </Typography.Text>
              )}
            </div>
            {h.reason && <div style={{ marginTop: 4 }}>退回原因：{h.reason}</div>}
            {h.changes.length > 0 && (
              <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {h.changes.map((c, i) => (
                  <li key={i}>
                    第{c.rowNo}行「{c.label}」：{c.before ?? '（空）'} → {c.after ?? '（空）'}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </List.Item>
      )}
    />
  );
}
