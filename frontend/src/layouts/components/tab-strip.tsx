import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { OpenedTab } from '../hooks';
import styles from '../basic-layout.module.css';

interface TabStripProps {
  tabs: OpenedTab[];
  activePath: string;
  onClose(path: string): string | null;
  /** absent when the page has no sidebar to collapse */
  collapsed?: boolean;
  onToggle?: () => void;
}

/** The opened pages, with the sidebar's collapse toggle in front (spec 000 §2). */
export function TabStrip({ tabs, activePath, onClose, collapsed, onToggle }: TabStripProps) {
  const navigate = useNavigate();
  const items = tabs.map((tab) => ({ key: tab.path, label: tab.title, closable: tab.path !== '/index' }));

  return (
    <div className={styles.tabStrip}>
      {onToggle && (
        <Button
          type="text"
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          className={styles.collapseToggle}
        />
      )}
      <Tabs
        className={styles.tabs}
        type="editable-card"
        hideAdd
        size="small"
        activeKey={tabs.some((t) => t.path === activePath) ? activePath : ''}
        items={items}
        onChange={(path) => navigate(path)}
        onEdit={(target, action) => {
          if (action !== 'remove' || typeof target !== 'string') return;
          const next = onClose(target);
          if (next) navigate(next);
        }}
      />
    </div>
  );
}
