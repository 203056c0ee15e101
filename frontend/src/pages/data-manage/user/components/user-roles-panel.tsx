import { Checkbox, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import type { Role } from '../../../../api/types';
import { addRoleUsers, getRelationInfo, removeRoleUsers } from '../../../../api/user';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../../utils/constants';
import styles from '../../data-manage.module.css';

interface UserRolesPanelProps {
  userId: string;
  userName: string;
  roles: Role[];
  /** a role was granted or taken: the list shows roles, so it loads again when the drawer closes */
  onChanged(): void;
}

const NO_ROLES = new Set<string>();

/** Every role as a checkbox: checking grants it at once, unchecking takes it away, each with its own call. */
export function UserRolesPanel({ userId, userName, roles, onChanged }: UserRolesPanelProps) {
  const [pending, setPending] = useState<Set<string>>(new Set());
  // fresh from the server: the list may be older than the last change
  const request = useRequest(() => getRelationInfo(userId).then((info) => new Set(info.roleIdList ?? info.roles.map((r) => r.roleId))), userId);
  const granted = request.data ?? (request.failed ? NO_ROLES : null);
  const setGranted = request.setData;

  const toggle = async (role: Role, grant: boolean) => {
    setPending((current) => new Set(current).add(role.roleId));
    try {
      if (grant) await addRoleUsers(role.roleId, [userId], { successMessage: `已授予“${role.roleName}”角色` });
      else await removeRoleUsers(role.roleId, [userId], { successMessage: `已取消“${role.roleName}”角色` });
      setGranted((current) => {
        const next = new Set(current);
        if (grant) next.add(role.roleId);
        else next.delete(role.roleId);
        return next;
      });
      onChanged();
    } catch {
      // shown by the request layer; the checkbox keeps its state
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(role.roleId);
        return next;
      });
    }
  };

  if (!roles.length) return <Empty description={EMPTY_TEXT} />;
  return (
    <Spin spinning={!granted}>
      <Typography.Paragraph type="secondary">勾选即授予{userName}该角色，取消勾选即收回，立即生效。</Typography.Paragraph>
      <div className={styles.roleList} role="group" aria-label="角色">
        {roles.map((role) => (
          <Checkbox
            key={role.roleId}
            checked={!!granted?.has(role.roleId)}
            disabled={!granted || pending.has(role.roleId)}
            onChange={(event) => void toggle(role, event.target.checked)}
          >
            {role.roleName}
            {pending.has(role.roleId) && <Spin size="small" style={{ marginLeft: 8 }} />}
          </Checkbox>
        ))}
      </div>
    </Spin>
  );
}
