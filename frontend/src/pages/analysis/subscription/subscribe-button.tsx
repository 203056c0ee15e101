import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { PortrayalKind } from '@zhengai/contracts';
import { Button } from 'antd';
import type { PortrayalSubscriptions } from './use-subscriptions';

/** 订阅 / 取消订阅 of one portrait card or screen. */
export function SubscribeButton({ subs, id, kind, name }: { subs: PortrayalSubscriptions; id: string; kind: PortrayalKind; name: string }) {
  const followed = subs.ids(kind).includes(id);
  return (
    <Button
      size="small"
      type={followed ? 'default' : 'link'}
      icon={followed ? <StarFilled style={{ color: '#f5a623' }} /> : <StarOutlined />}
      loading={subs.saving === id}
      disabled={subs.loading || (subs.saving !== null && subs.saving !== id)}
      onClick={() => void subs.toggle(id, kind, name, !followed)}
    >
      {followed ? '取消订阅' : '订阅'}
    </Button>
  );
}
