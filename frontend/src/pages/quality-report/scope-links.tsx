import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { ReportScope } from '../../api/reports';
import { useAuth } from '../../auth/auth-context';
import { centreLevelOf, objectLink } from '../develop-centre/centre-data';

/**
 * A report's scopes as 层面：名称, each object opening its portrait in its level's centre when the person has that
 * centre (000 §2's redirect helper; issue 33), else plain text.
 */
export function ScopeLinks({ scopes, objectIds }: { scopes: readonly ReportScope[]; objectIds: ReadonlyArray<string | null> }) {
  const { user } = useAuth();
  return (
    <>
      {scopes.map((s, i) => {
        const link = objectLink(user?.menus, centreLevelOf(s.cjlx), objectIds[i] ?? null);
        return (
          <Fragment key={`${s.cjlx}:${s.cjdmid}`}>
            {i > 0 && '，'}
            {s.cjmc}：{link ? <Link to={link}>{s.cjname}</Link> : s.cjname}
          </Fragment>
        );
      })}
    </>
  );
}
