// 我的填报 (001 §4): the fills I fill. 填报 opens an editable fill (uncommitted or rolled back), 查看 a read-only one.
import { Button } from 'antd';
import { useState } from 'react';
import type { FillTask } from '@zhengai/contracts';
import { myFillTasks } from '../../../api/data-collection';
import { FillDrawer } from '../components/fill-drawer';
import { FillList } from '../components/fill-list';

const EDITABLE: readonly FillTask['state'][] = ['uncommitted', 'rollback'];

export default function CollectionFillPage() {
  const [opened, setOpened] = useState<{ id: string; edit: boolean } | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <>
      <FillList
        title="我的填报"
        who="filler"
        load={(q) => myFillTasks(q)}
        version={version}
        action={(f) =>
          EDITABLE.includes(f.state) ? (
            <Button type="link" size="small" onClick={() => setOpened({ id: f.id, edit: true })}>
              填报
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => setOpened({ id: f.id, edit: false })}>
              查看
            </Button>
          )
        }
      />
      <FillDrawer fillTaskId={opened?.id ?? null} mode={opened?.edit ? 'fill' : 'view'} onClose={() => setOpened(null)} onChanged={() => setVersion((n) => n + 1)} />
    </>
  );
}
