import { Card, Empty } from 'antd';

/**
 * A menu page whose area is not built here: its menu name and 功能建设中, rather than a 404. Areas of other systems
 * (绩效考核) open that system in an iframe once an administrator sets its address.
 */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <Card title={title}>
      <Empty
        description={
          <>
            <div style={{ fontSize: 16 }}>功能建设中</div>
            <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: 8 }}>
              若此功能由其他系统提供，系统管理员可在“数据管理 › 菜单地址”中设置其地址，设置后将在此处打开。
            </div>
          </>
        }
        style={{ padding: '64px 0' }}
      />
    </Card>
  );
}
