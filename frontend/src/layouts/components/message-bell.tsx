import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { Link } from 'react-router-dom';
import { useUnreadMessages } from '../../hooks/use-unread-messages';
import styles from '../basic-layout.module.css';

/** The message centre's address (every signed-in person; not a menu entry). */
export const MESSAGES_PATH = '/messages';

/** The bell in the header, on a phone too: the unread count, opening the message centre. */
export function MessageBell() {
  const unread = useUnreadMessages();
  const total = unread?.total ?? 0;
  return (
    <Link to={MESSAGES_PATH} className={styles.bell} aria-label={total ? `消息中心，${total}条未读` : '消息中心'} data-testid="message-bell" title="消息中心">
      <Badge count={total} overflowCount={99} size="small" offset={[2, -2]} data-testid="message-bell-count">
        <BellOutlined className={styles.bellIcon} />
      </Badge>
    </Link>
  );
}
