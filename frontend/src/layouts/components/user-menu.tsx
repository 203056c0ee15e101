import { BellOutlined, CheckSquareOutlined, DownOutlined, IdcardOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import type { LoginUser } from '../../api/types';
import { avatarSrc } from '../hooks';
import styles from '../basic-layout.module.css';

export type UserAction = 'todo' | 'profile' | 'push' | 'password' | 'logout';

const items: MenuProps['items'] = [
  { key: 'todo', icon: <CheckSquareOutlined />, label: '我的待办' },
  { key: 'profile', icon: <IdcardOutlined />, label: '个人中心' },
  { key: 'push', icon: <BellOutlined />, label: '消息接收设置' },
  { key: 'password', icon: <LockOutlined />, label: '修改密码' },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
];

/** Avatar and name in the header, with the person's dropdown. */
export function UserMenu({ user, onAction }: { user: LoginUser | null; onAction(action: UserAction): void }) {
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => onAction(key as UserAction) }} placement="bottomRight" trigger={['hover', 'click']}>
      <span className={styles.user} data-testid="user-menu">
        <Avatar size={32} src={avatarSrc(user)} alt="头像" className={styles.avatar} />
        <span className={styles.userName}>{user?.userName}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </span>
    </Dropdown>
  );
}
