import { Card, Typography } from 'antd';
import { useAuth } from '../../auth/auth-context';

/** /index: a placeholder home until the dashboards arrive. */
export default function HomePage() {
  const { user } = useAuth();
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        欢迎，{user?.userName}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        请从菜单选择要使用的功能。
      </Typography.Paragraph>
    </Card>
  );
}
