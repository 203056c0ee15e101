// 填报审核 (001 §4): the fills I audit, 待审核 first. 查看 opens the rows read-only with 审核通过 and 退回. 批量通过
// (issue 34): the rows the server says I may pass now are selectable; each selected fill is passed or refused on its own.
// ?fill=<id> (我的待办's 去处理) opens one at once.
import { App, Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FillTask } from '@zhengai/contracts';
import { batchAuditFills, fillAllowedActions, fillTasksToAudit } from '../../../api/data-collection';
import { confirmBatch, useBatchSelection } from '../../../components/batch/batch-actions';
import batchStyles from '../../../components/batch/batch-actions.module.css';
import { FillDrawer } from '../components/fill-drawer';
import { FillList } from '../components/fill-list';

export default function CollectionAuditPage() {
  const { modal } = App.useApp();
  // ?fill=<id> (我的待办's 去处理) opens that fill at once
  const [params, setParams] = useSearchParams();
  const [opened, setOpened] = useState<string | null>(() => params.get('fill'));
  const close = () => {
    setOpened(null);
    if (params.has('fill')) setParams((current) => (current.delete('fill'), current), { replace: true });
  };
  const [version, setVersion] = useState(0);
  const [rows, setRows] = useState<FillTask[]>([]);
  const batch = useBatchSelection(
    rows.map((r) => r.id),
    fillAllowedActions,
    version,
  );
  const toPass = batch.selectedFor('audit');
  return (
    <>
      <FillList
        title="填报审核"
        who="auditor"
        defaultState="unaudited"
        load={(q) => fillTasksToAudit(q)}
        version={version}
        onRecords={setRows}
        rowSelection={{
          selectedRowKeys: batch.selected,
          onChange: (keys) => batch.setSelected(keys.map(String)),
          getCheckboxProps: (f) => ({ disabled: !batch.selectable(f.id, ['audit']), 'aria-label': `选择 ${f.formName}` }),
        }}
        toolbar={
          batch.anyAllows('audit') && (
            <div className={batchStyles.bar} data-testid="batch-bar">
              <Button
                type="primary"
                disabled={toPass.length === 0}
                data-testid="batch-audit"
                onClick={() =>
                  confirmBatch(modal, { verb: '通过', noun: '填报', ids: toPass, run: (ids) => batchAuditFills(ids), done: () => setVersion((n) => n + 1) })
                }
              >
                批量通过{toPass.length > 0 ? ` (${toPass.length})` : ''}
              </Button>
              <span>已选 {toPass.length} 项</span>
            </div>
          )
        }
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
