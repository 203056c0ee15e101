import { Avatar, Card, Typography } from 'antd';
import type { LoginUser } from '../../../api/types';
import { avatarSrc } from '../../../layouts/hooks';
import { greetingFor } from '../home-data';
import styles from '../home.module.css';

/** 上午好，李红 with the department and roles under it. */
export function GreetingCard({ user, now }: { user: LoginUser; now: Date }) {
  // the server's department-head role and the pseudo-role share a name: show it once
  const roles = [...new Set((user.roles ?? []).map((r) => r.roleName).filter(Boolean))];
  const details = [user.orgName, roles.join('、')].filter(Boolean).join(' · ');
  return (
    <Card className={styles.greeting}>
      <div className={styles.greetingBody}>
        <Avatar size={64} src={avatarSrc(user)} alt="头像" />
        <div>
          <Typography.Title level={3} className={styles.greetingTitle}>
            {greetingFor(now.getHours())}，{user.userName}
          </Typography.Title>
          <Typography.Text type="secondary">{details || '欢迎使用本平台'}</Typography.Text>
        </div>
      </div>
    </Card>
  );
}
