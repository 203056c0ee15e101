// 我的填报 (001 §4): the fills I fill. 填报 opens an editable fill (uncommitted or rolled back), 查看 a read-only one;
// ?fill=<id> opens one at once.
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FillTask } from '@zhengai/contracts';
import { myFillTasks } from '../../../api/data-collection';
import { FillDrawer } from '../components/fill-drawer';
import { FillList } from '../components/fill-list';

const EDITABLE: readonly FillTask['state'][] = ['uncommitted', 'rollback'];

export default function CollectionFillPage() {
  // ?fill=<id> (我的待办's 去处理) opens that fill to fill; the drawer still asks the server whether it may be edited
  const [params, setParams] = useSearchParams();
  const [opened, setOpened] = useState<{ id: string; edit: boolean } | null>(() => (params.get('fill') ? { id: params.get('fill')!, edit: true } : null));
  const close = () => {
    setOpened(null);
    if (params.has('fill')) setParams((current) => (current.delete('fill'), current), { replace: true });
  };
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
      <FillDrawer fillTaskId={opened?.id ?? null} mode={opened?.edit ? 'fill' : 'view'} onClose={close} onChanged={() => setVersion((n) => n + 1)} />
    </>
  );
}
