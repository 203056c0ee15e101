// 填报审核 (001 §4): the fills I audit, 待审核 first. 查看 opens the rows read-only with 审核通过 and 退回;
// ?fill=<id> opens one at once.
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fillTasksToAudit } from '../../../api/data-collection';
import { FillDrawer } from '../components/fill-drawer';
import { FillList } from '../components/fill-list';

export default function CollectionAuditPage() {
  // ?fill=<id> (我的待办's 去处理) opens that fill at once
  const [params, setParams] = useSearchParams();
  const [opened, setOpened] = useState<string | null>(() => params.get('fill'));
  const close = () => {
    setOpened(null);
    if (params.has('fill')) setParams((current) => (current.delete('fill'), current), { replace: true });
  };
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
      <FillDrawer fillTaskId={opened} mode="audit" onClose={close} onChanged={() => setVersion((n) => n + 1)} />
    </>
  );
}
