import { App, Button, Card, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { MenuAddress } from '../../../api/types';
import { getMenuAddresses, setMenuAddress, tryLoginUserInfo } from '../../../api/user';
import { useAuth } from '../../../auth/auth-context';
import { useRequest } from '../../../hooks/use-request';
import { menuAddressProblem } from './menu-address';

/** One row's address being edited, with its refusal. */
function AddressCell({ row, onSaved }: { row: MenuAddress; onSaved: () => Promise<void> }) {
  const { message } = App.useApp();
  const [value, setValue] = useState(row.externalUrl ?? '');
  const [saving, setSaving] = useState(false);
  const problem = menuAddressProblem(value);
  const changed = value.trim() !== (row.externalUrl ?? '');

  const save = async (next: string) => {
    if (menuAddressProblem(next)) return;
    setSaving(true);
    try {
      await setMenuAddress(row.key, next.trim() || null);
      await onSaved();
      void message.success(next.trim() ? '保存成功' : '已清除地址');
    } catch {
      // the server's reason is shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="https://…（留空则显示功能建设中）"
        status={problem ? 'error' : undefined}
        aria-label={`${row.name}的地址`}
        data-testid={`menu-address-${row.key}`}
        onPressEnter={() => void save(value)}
      />
      <Button type="primary" disabled={!changed || !!problem} loading={saving} onClick={() => void save(value)}>
        保存
      </Button>
      <Button disabled={!row.externalUrl || saving} onClick={() => void save('')}>
        清除
      </Button>
    </Space.Compact>
  );
}

/**
 * 菜单地址 (数据管理, administrator): the menu entries whose area belongs to another system (绩效考核 …)
 * and the http(s) address each opens inside the shell in an iframe; without one the entry shows 功能建设中.
 */
export default function MenuAddressPage() {
  const { data, loading, reload } = useRequest(() => getMenuAddresses(), 'menu-addresses');
  const { updateUser } = useAuth();
  // the administrator's own menus follow at once (others see the address at their next login or page load)
  const saved = async () => {
    await Promise.all([
      reload(),
      tryLoginUserInfo({ silent: true }).then((me) => updateUser({ menus: me.menus }), () => undefined),
    ]);
  };
  const rows = data ?? [];
  const problems = (row: MenuAddress) => menuAddressProblem(row.externalUrl ?? '');
  return (
    <Card title="菜单地址" data-testid="menu-address-page">
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.45)' }}>
        以下菜单的功能由其他系统提供。设置以 http:// 或 https:// 开头的地址后，点击菜单将在平台内以内嵌页面打开该地址。
      </p>
      <Table<MenuAddress>
        rowKey="key"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: '菜单', dataIndex: 'name', width: 160 },
          { title: '路径', dataIndex: 'path', width: 200 },
          {
            title: '状态',
            width: 110,
            render: (_, row) => (row.externalUrl && !problems(row) ? <Tag color="blue">内嵌页面</Tag> : <Tag>功能建设中</Tag>),
          },
          {
            title: '外部地址',
            // keyed by the stored address: a saved change starts the field afresh
            render: (_, row) => <AddressCell key={row.externalUrl ?? ''} row={row} onSaved={saved} />,
          },
        ]}
      />
    </Card>
  );
}
