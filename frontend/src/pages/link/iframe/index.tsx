import { Card } from 'antd';
import styles from './iframe.module.css';

/** The fallback text of a browser without iframes (000 §2, §8). */
export const IFRAME_UNSUPPORTED = '您的浏览器不支持 iframe 标签。';

/**
 * The embedded iframe page (000 §2, 001 §2): a menu entry an administrator pointed to another system's address
 * (数据管理 › 菜单地址) shows that address inside the shell, under the entry's tab.
 */
export default function IframePage({ title, url }: { title: string; url: string }) {
  return (
    <Card
      title={title}
      size="small"
      className={styles.card}
      extra={
        <a href={url} target="_blank" rel="noopener noreferrer">
          在新窗口打开
        </a>
      }
    >
      <iframe
        className={styles.frame}
        src={url}
        title={title}
        data-testid="menu-iframe"
        referrerPolicy="no-referrer"
        // the other system runs its own scripts and forms; it may not navigate the platform's window
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      >
        {IFRAME_UNSUPPORTED}
      </iframe>
    </Card>
  );
}
