import { Card, Empty } from 'antd';

/** A menu page whose area is not built yet: its menu name and 功能建设中, rather than a 404. */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <Card title={title}>
      <Empty description="功能建设中" style={{ padding: '64px 0' }} />
    </Card>
  );
}
