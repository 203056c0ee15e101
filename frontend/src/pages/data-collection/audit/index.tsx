// 填报审核 (001 §4): the fills I audit, 待审核 first. 查看 opens the rows read-only with 审核通过 and 退回.
import { Button } from 'antd';
import { useState } from 'react';
import { fillTasksToAudit } from '../../../api/data-collection';
import { FillDrawer } from '../components/fill-drawer';
import { FillList } from '../components/fill-list';

export default function CollectionAuditPage() {
  const [opened, setOpened] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <>
      <FillList
        title="填报审核"
        who="auditor"
        defaultState="unaudited"
        load={(q) => fillTasksToAudit(q)}
        version={version}
        action={(f) => (
          <Button type="link" size="small" onClick={() => setOpened(f.id)}>
            查看
          </Button>
        )}
      />
      <FillDrawer fillTaskId={opened} mode="audit" onClose={() => setOpened(null)} onChanged={() => setVersion((n) => n + 1)} />
    </>
  );
}
