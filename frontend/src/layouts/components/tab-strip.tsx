import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OpenedTab } from '../hooks';
import { fitTabs, tabCapacity } from '../tab-fit';
import styles from '../basic-layout.module.css';

interface TabStripProps {
  tabs: OpenedTab[];
  activePath: string;
  onClose(path: string): string | null;
  /** absent when the page has no sidebar to collapse */
  collapsed?: boolean;
  onToggle?: () => void;
}

/** The strip's width, followed as the window or the sidebar changes. */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The opened pages, with the sidebar's collapse toggle in front (spec 000 §2). Only whole tabs show: those that do
 * not fit collapse under 更多标签 (home and the current page always show).
 */
export function TabStrip({ tabs, activePath, onClose, collapsed, onToggle }: TabStripProps) {
  const navigate = useNavigate();
  const [ref, width] = useWidth<HTMLDivElement>();
  const { shown, hidden } = fitTabs(tabs, activePath, tabCapacity(width, tabs.length));
  const close = (path: string) => {
    const next = onClose(path);
    if (next) navigate(next);
  };
  const items = shown.map((tab) => ({
    key: tab.path,
    label: (
      <span className={styles.tabLabel} title={tab.title}>
        {tab.title}
      </span>
    ),
    closable: tab.path !== '/index',
  }));

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
      <div ref={ref} className={styles.tabs} data-testid="tab-strip">
        <Tabs
          type="editable-card"
          hideAdd
          size="small"
          activeKey={shown.some((t) => t.path === activePath) ? activePath : ''}
          items={items}
          onChange={(path) => navigate(path)}
          onEdit={(target, action) => {
            if (action === 'remove' && typeof target === 'string') close(target);
          }}
          tabBarExtraContent={
            hidden.length > 0 && {
              right: (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: hidden.map((tab) => ({ key: tab.path, label: tab.title })),
                    onClick: ({ key }) => navigate(key),
                  }}
                >
                  <Button size="small" type="text" data-testid="tabs-more" className={styles.tabsMore}>
                    更多标签({hidden.length}) <DownOutlined style={{ fontSize: 10 }} />
                  </Button>
                </Dropdown>
              ),
            }
          }
        />
      </div>
    </div>
  );
}
