import { App, Button, Empty, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { getUpDownList, updateDownList, updateUpList, type LinkedTaskSummary } from '../../../../api/diagnosis';
import { useRequest } from '../../../../hooks/use-request';
import { auditStateTag } from '../quality-values';

interface ObjListsModalProps {
  open: boolean;
  taskId: string;
  /** whether the person may change this task (pushing and rolling up both change it or its lower tasks) */
  canEdit: boolean;
  onClose(): void;
  /** this task's values changed (a roll-up): the table reloads */
  onChanged(): void;
}

/**
 * 上下级对象: the tasks of the same cycle on the parent library (上级) and on the child libraries (下级), with
 * 下推目标值 (this task's targets become the lower tasks' revised targets) and 汇总下级结果 (their results roll up here).
 */
export function ObjListsModal({ open, taskId, canEdit, onClose, onChanged }: ObjListsModalProps) {
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState<'down' | 'up' | null>(null);
  // once an opening (the modal is keyed by opening), and again after a change
  const { data: lists, failed, reload } = useRequest(() => getUpDownList(taskId), taskId);

  const lower = lists?.down ?? [];
  const pushDown = () =>
    modal.confirm({
      title: '下推目标值',
      content: `将本任务各质控点的目标值下推为${lower.length}个下级任务的修正目标值（已提交、已通过或您无权修改的任务不会修改），确定下推吗？`,
      okText: '下推',
      cancelText: '取消',
      onOk: async () => {
        setBusy('down');
        try {
          const result = await updateDownList(taskId);
          const skipped = result.skipped.length ? `，${result.skipped.map((s) => `${s.rwmc}（${s.reason ?? s.auditStateName}）`).join('、')}未修改` : '';
          message.success(`已更新${result.tasks}个下级任务的${result.updated}个目标值${skipped}`);
          void reload();
        } catch {
          // shown by the request layer
        } finally {
          setBusy(null);
        }
      },
    });
  const rollUp = () =>
    modal.confirm({
      title: '汇总下级结果',
      content: `将用${lower.length}个下级任务的结果（数值取平均，有无取任一，是否取全部）替换本任务对应质控点的结果值，并重新计算等级，确定汇总吗？`,
      okText: '汇总',
      cancelText: '取消',
      onOk: async () => {
        setBusy('up');
        try {
          const result = await updateUpList(taskId);
          message.success(`已汇总${result.points}个质控点，更新${result.updated}个结果值`);
          onChanged();
        } catch {
          // shown by the request layer
        } finally {
          setBusy(null);
        }
      },
    });

  const noLower = lower.length === 0;
  const why = !canEdit ? '没有修改本任务的权限，或任务已提交' : noLower ? '没有下级对象' : undefined;
  return (
    <Modal
      title="上下级对象"
      open={open}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button title={why} disabled={!canEdit || noLower} loading={busy === 'down'} onClick={pushDown}>
            下推目标值
          </Button>
          <Button title={why} disabled={!canEdit || noLower} loading={busy === 'up'} onClick={rollUp}>
            汇总下级结果
          </Button>
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      <Spin spinning={!lists && !failed}>
        {failed && <Empty description="无法读取上下级对象" />}
        {lists && (
          <>
            <TaskList title="上级对象" tasks={lists.up} empty="暂无上级对象（上级目标标准上同一周期的任务）" />
            <TaskList title="下级对象" tasks={lists.down} empty="暂无下级对象（子目标标准上同一周期的任务）" />
          </>
        )}
      </Spin>
    </Modal>
  );
}

function TaskList({ title, tasks, empty }: { title: string; tasks: LinkedTaskSummary[]; empty: string }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={tasks}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
        renderItem={(t) => {
          const state = auditStateTag(t.auditState, t.auditStateName);
          return (
            <List.Item extra={<Tag color={state.color}>{state.text}</Tag>}>
              <List.Item.Meta title={t.rwmc} description={`${t.gzdxmc} · ${t.libraryName}`} />
            </List.Item>
          );
        }}
      />
      <div style={{ height: 16 }} />
    </section>
  );
}
