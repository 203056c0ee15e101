import { Alert, DatePicker, Form, Input, Radio, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../../api/request';
import { TARGET_TASK_LIMITS, addTargetTask, getTaskTypes, updateTargetTask, type TargetTask, type TargetTaskInput } from '../../../api/target-tasks';
import type { DepartmentNode } from '../../../api/types';
import { getDepartmentTree } from '../../../api/user';
import { getYearTargets } from '../../../api/year-targets';
import { FormDrawer } from '../../../components/form-drawer';
import { useDrawerSubmit } from '../../../hooks/use-drawer-submit';
import { usePersonSearch, type Person } from '../../../hooks/use-person-search';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';
import { yearOptions } from '../year-targets/year-target-values';
import { pickYearRange, rangeOf, rwnfOf } from './task-list-values';
import styles from './task-lists.module.css';

/** What the drawer is for: a new task, a child of a task (分解), or a change of one. */
export type TaskFormMode = { kind: 'add'; yearTargetId: string | null } | { kind: 'decompose'; parent: TargetTask } | { kind: 'edit'; task: TargetTask };

interface TaskFormValues {
  rwmc: string;
  yearTargetId: string;
  rwlx: 'A' | 'B' | 'C';
  examType: 'score' | 'level';
  startYear: string | null;
  endYear: string | null;
  dates: [Dayjs, Dayjs];
  chargeDepartId: string;
  ownerId: string;
  auditorId?: string | null;
  jkr?: string | null;
  coopDepartIds?: string[];
  targetUnit?: string | null;
}

const DATE = 'YYYY-MM-DD';
const ALL = 1_000_000;

/** Every department, depth first in display order, for a searchable select. */
function departmentList(tree: DepartmentNode[]): { value: string; label: string }[] {
  return tree.flatMap((node) => [{ value: node.departmentId, label: node.departmentName }, ...departmentList(node.childrens ?? [])]);
}

/** The people a person field offers: what the search found, plus the one chosen now (a task being edited). */
function withChosen(options: Person[], id: string | null | undefined, name: string | null | undefined): Person[] {
  if (!id || options.some((o) => o.value === id)) return options;
  return [{ value: id, label: name || id }, ...options];
}

function PersonSelect({ label, value, onChange, known, people }: { label: string; value?: string | null; onChange?(v: string | null): void; known: Person | null; people: ReturnType<typeof usePersonSearch> }) {
  return (
    <Select
      aria-label={label}
      allowClear
      value={value ?? undefined}
      onChange={(v?: string) => onChange?.(v ?? null)}
      options={withChosen(people.options, known?.value, known?.label)}
      showSearch={{ filterOption: false, onSearch: people.search }}
      placeholder="输入姓名或账号查找人员"
      notFoundContent={people.searching ? <Spin size="small" /> : EMPTY_TEXT}
    />
  );
}

interface TaskFormDrawerProps {
  open: boolean;
  mode: TaskFormMode;
  onClose(): void;
  afterClose(): void;
  onSaved(): void;
}

/** 新增任务 / 分解任务 / 编辑任务 in the form drawer (001 §3 target task fields); mounted afresh for each opening. */
export function TaskFormDrawer({ open, mode, onClose, afterClose, onSaved }: TaskFormDrawerProps) {
  const [form] = Form.useForm<TaskFormValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const task = mode.kind === 'edit' ? mode.task : null;
  const parent = mode.kind === 'decompose' ? mode.parent : null;
  // the place of a task in the tree is fixed once made: the year target is the parent's, or stays
  const fixedTarget = task ?? parent;

  const targets = useRequest(() => getYearTargets({ pageNum: 1, pageSize: ALL }).then((p) => p.records), 'year-target-options');
  const types = useRequest(() => getTaskTypes(), 'task-types');
  const departments = useRequest(() => getDepartmentTree().then((tree) => departmentList(tree)), 'department-list');
  const owners = usePersonSearch('task-owner');
  const auditors = usePersonSearch('task-auditor');
  const supervisors = usePersonSearch('task-supervisor');

  const base = task ?? parent;
  const range = base ? rangeOf(base.rwnf) : { start: String(new Date().getFullYear()), end: String(new Date().getFullYear()) };
  const initialValues: Partial<TaskFormValues> = {
    rwmc: task?.rwmc,
    yearTargetId: fixedTarget?.yearTargetId ?? (mode.kind === 'add' ? (mode.yearTargetId ?? undefined) : undefined),
    rwlx: base?.rwlx ?? 'B',
    examType: base?.examType ?? 'score',
    startYear: range.start,
    endYear: range.end,
    dates: base?.kssj && base.jssj ? [dayjs(base.kssj), dayjs(base.jssj)] : undefined,
    chargeDepartId: base?.chargeDepartId ?? undefined,
    ownerId: task?.ownerId ?? undefined,
    auditorId: task?.auditorId ?? undefined,
    jkr: task?.jkr ?? undefined,
    coopDepartIds: task?.coopDepartments.map((d) => d.id) ?? [],
    targetUnit: task?.targetUnit ?? undefined,
  };

  const submit = useDrawerSubmit(form, async (values) => {
    setRefusal(null);
    const input: TargetTaskInput = {
      yearTargetId: values.yearTargetId,
      parentId: parent?.id ?? task?.parentId ?? null,
      rwmc: values.rwmc.trim(),
      rwlx: values.rwlx,
      examType: values.examType,
      rwnf: rwnfOf(values.startYear ?? '', values.endYear ?? values.startYear ?? ''),
      kssj: values.dates[0].format(DATE),
      jssj: values.dates[1].format(DATE),
      chargeDepartId: values.chargeDepartId,
      ownerId: values.ownerId,
      auditorId: values.auditorId ?? null,
      jkr: values.jkr ?? null,
      coopDepartIds: values.coopDepartIds ?? [],
      targetUnit: values.targetUnit?.trim() || null,
    };
    try {
      if (task) await updateTargetTask(task.id, input, { successMessage: '修改成功' });
      else await addTargetTask(input, { successMessage: '新增成功' });
    } catch (error) {
      // the server's refusal stays in the form beside the input it is about
      if (error instanceof ApiError) setRefusal(error.message);
      throw error;
    }
    onSaved();
  });

  const title = task ? `编辑任务：${task.rwmc}` : parent ? `分解任务：${parent.rwmc}` : '新增任务';
  const years = yearOptions(new Date(), [range.start, range.end].filter((y): y is string => !!y));

  return (
    <FormDrawer
      open={open}
      title={title}
      dirty={submit.dirty}
      saving={submit.saving}
      onSave={submit.save}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose()}
    >
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="task-form-error" />}
      <Form<TaskFormValues>
        form={form}
        name="task-form"
        layout="vertical"
        initialValues={initialValues}
        style={{ maxWidth: 720 }}
        onValuesChange={(changed: Partial<TaskFormValues>, all: TaskFormValues) => {
          submit.touch();
          // 001 §5: a start year with no end year sets the end to the same year
          if ('startYear' in changed || 'endYear' in changed) {
            const next = pickYearRange({ start: all.startYear ?? null, end: all.endYear ?? null }, 'startYear' in changed ? 'start' : 'end');
            if (next.start !== all.startYear || next.end !== all.endYear) form.setFieldsValue({ startYear: next.start, endYear: next.end });
          }
        }}
      >
        <Form.Item label="任务名称" name="rwmc" rules={[{ required: true, whitespace: true, message: '请输入任务名称' }]}>
          <Input placeholder="如：完成全部专业人才培养方案修订" maxLength={TARGET_TASK_LIMITS.rwmc} showCount />
        </Form.Item>
        <Form.Item label="年度目标" name="yearTargetId" rules={[{ required: true, message: '请选择年度目标' }]}>
          <Select
            aria-label="年度目标"
            disabled={fixedTarget !== null}
            showSearch={{ optionFilterProp: 'label' }}
            options={(targets.data ?? []).map((t) => ({ value: t.id, label: `${t.cycleYear}年 · ${t.name}` }))}
            placeholder="请选择年度目标"
            notFoundContent={EMPTY_TEXT}
          />
        </Form.Item>
        {parent && (
          <Form.Item label="上级任务">
            <Input aria-label="上级任务" value={parent.rwmc} disabled />
          </Form.Item>
        )}
        {task?.parentId && (
          <Form.Item label="上级任务">
            <Input aria-label="上级任务" value="（分解自上级任务，不可更改）" disabled />
          </Form.Item>
        )}
        <Form.Item label="任务类型" name="rwlx" rules={[{ required: true, message: '请选择任务类型' }]}>
          <Select aria-label="任务类型" options={(types.data ?? []).map((t) => ({ value: t.id, label: t.rwlxmc }))} placeholder="请选择任务类型" notFoundContent={EMPTY_TEXT} />
        </Form.Item>
        <Form.Item label="考核方式" name="examType">
          <Radio.Group
            options={[
              { value: 'score', label: '分数' },
              { value: 'level', label: '等级' },
            ]}
          />
        </Form.Item>
        <Form.Item label="任务年份" required>
          <div className={styles.yearRange}>
            <Form.Item name="startYear" noStyle rules={[{ required: true, message: '请选择任务年份' }]}>
              <Select aria-label="开始年份" options={years} placeholder="开始年份" />
            </Form.Item>
            <span>~</span>
            <Form.Item name="endYear" noStyle>
              <Select aria-label="结束年份" options={years} placeholder="结束年份" allowClear />
            </Form.Item>
          </div>
        </Form.Item>
        <Form.Item label="起止时间" name="dates" rules={[{ required: true, message: '请选择起止时间' }]}>
          <DatePicker.RangePicker aria-label="起止时间" format={DATE} placeholder={['开始时间', '结束时间']} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="责任部门" name="chargeDepartId" rules={[{ required: true, message: '请选择责任部门' }]}>
          <Select aria-label="责任部门" showSearch={{ optionFilterProp: 'label' }} options={departments.data ?? []} placeholder="请选择责任部门" notFoundContent={EMPTY_TEXT} />
        </Form.Item>
        <Form.Item label="任务负责人" name="ownerId" rules={[{ required: true, message: '请选择任务负责人' }]}>
          <PersonSelect label="任务负责人" people={owners} known={task?.ownerId ? { value: task.ownerId, label: task.ownerName ?? task.ownerId } : null} />
        </Form.Item>
        <Form.Item label="审核人" name="auditorId">
          <PersonSelect label="审核人" people={auditors} known={task?.auditorId ? { value: task.auditorId, label: task.auditorName ?? task.auditorId } : null} />
        </Form.Item>
        <Form.Item label="监控人" name="jkr">
          <PersonSelect label="监控人" people={supervisors} known={task?.jkr ? { value: task.jkr, label: task.jkrmc ?? task.jkr } : null} />
        </Form.Item>
        <Form.Item label="协作部门" name="coopDepartIds">
          <Select
            aria-label="协作部门"
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={departments.data ?? []}
            placeholder="可选多个协作部门"
            notFoundContent={EMPTY_TEXT}
          />
        </Form.Item>
        <Form.Item label="计量单位" name="targetUnit" extra="量化目标的单位，如：%、门、人">
          <Input aria-label="计量单位" maxLength={TARGET_TASK_LIMITS.targetUnit} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
