import { DatePicker, Form, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { getLaunchOptions, startLaunch, type LaunchLevel, type LaunchOptions } from '../../../api/diagnosis-launch';
import { useRequest } from '../../../hooks/use-request';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { LaunchProgressView } from './launch-progress';
import styles from './launch.module.css';

interface Values {
  level: LaunchLevel;
  cycleTypeId?: string;
  cycleValue?: string;
  libraryId?: string;
  scope: 'all' | 'departments' | 'picked';
  departmentIds?: string[];
  objectIds?: string[];
  ownerRule: 'responsible' | 'self' | 'chosen';
  ownerId?: string;
  auditorRule: 'departmentHead' | 'chosen';
  auditorId?: string;
  startDate?: Dayjs;
  endDate?: Dayjs;
}

const DAY = 'YYYY-MM-DD';

/**
 * 下发诊断任务: level, cycle type then value (choosing a type loads its values and selects the default; clearing it
 * clears them, 000 §4), the audited library of that level and cycle, the objects, the owner and auditor rules, the
 * dates; then the job's progress, polled every second.
 */
export function LaunchForm({ onClose }: { onClose(launched: boolean): void }) {
  const [form] = Form.useForm<Values>();
  const [query, setQuery] = useState<{ level: LaunchLevel; cycleTypeId?: string; cycleValue?: string; keyword?: string }>({ level: 'school' });
  const [launchId, setLaunchId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const options = useRequest<LaunchOptions>(() => getLaunchOptions(query), JSON.stringify(query), {
    onSuccess: (o) => {
      // a type chosen: its default value, unless one of its values is chosen already
      const value = form.getFieldValue('cycleValue') as string | undefined;
      if (o.cycleValues.length > 0 && !o.cycleValues.some((v) => v.cycleNumber === value)) {
        form.setFieldValue('cycleValue', o.defaultCycleValue ?? undefined);
        if (o.defaultCycleValue) setQuery((q) => ({ ...q, cycleValue: o.defaultCycleValue ?? undefined }));
      }
      const library = form.getFieldValue('libraryId') as string | undefined;
      if (library && !o.libraries.some((l) => l.id === library)) form.setFieldValue('libraryId', undefined);
      const owner = form.getFieldValue('ownerRule') as string | undefined;
      if (owner && !o.ownerRules.some((r) => r.value === owner)) form.setFieldValue('ownerRule', 'responsible');
    },
  });
  const o = options.data;
  const scope = Form.useWatch('scope', form);
  const ownerRule = Form.useWatch('ownerRule', form);
  const auditorRule = Form.useWatch('auditorRule', form);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const started = await startLaunch({
        level: v.level,
        cycleTypeId: v.cycleTypeId ?? '',
        cycleValue: v.cycleValue ?? '',
        libraryId: v.libraryId ?? '',
        scope: v.scope,
        scopeIds: v.scope === 'departments' ? (v.departmentIds ?? []) : v.scope === 'picked' ? (v.objectIds ?? []) : [],
        ownerRule: v.ownerRule,
        ownerId: v.ownerRule === 'chosen' ? (v.ownerId ?? null) : null,
        auditorRule: v.auditorRule,
        auditorId: v.auditorRule === 'chosen' ? (v.auditorId ?? null) : null,
        startDate: v.startDate?.format(DAY) ?? '',
        endDate: v.endDate?.format(DAY) ?? '',
      });
      setLaunchId(started.launchId);
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  if (launchId) {
    return (
      <Modal open title="下发诊断任务" okText="完成" cancelButtonProps={{ style: { display: 'none' } }} onOk={() => onClose(true)} onCancel={() => onClose(true)}>
        <LaunchProgressView launchId={launchId} />
      </Modal>
    );
  }

  const people = (o?.people ?? []).map((p) => ({ value: p.userId, label: `${p.userName}（${p.account}${p.departmentName ? `，${p.departmentName}` : ''}）` }));
  const search = (keyword: string) => setQuery((q) => ({ ...q, keyword: keyword.trim() || undefined }));
  return (
    <Modal open title="下发诊断任务" width={760} okText="下发" cancelText="取消" confirmLoading={saving} onOk={() => once(submit)} onCancel={() => onClose(false)} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" initialValues={{ level: 'school', scope: 'all', ownerRule: 'responsible', auditorRule: 'departmentHead' }} data-testid="launch-form">
        <div className={styles.row}>
          <Form.Item name="level" label="诊断层面" rules={[{ required: true, message: '请选择诊断层面' }]}>
            <Select
              options={(o?.levels ?? []).map((l) => ({ value: l.value, label: l.text }))}
              onChange={(level: LaunchLevel) => {
                form.setFieldsValue({ cycleTypeId: undefined, cycleValue: undefined, libraryId: undefined, departmentIds: [], objectIds: [] });
                setQuery({ level });
              }}
            />
          </Form.Item>
          <Form.Item name="cycleTypeId" label="周期类型" rules={[{ required: true, message: '请选择周期类型' }]}>
            <Select
              allowClear
              placeholder="请选择周期类型"
              options={(o?.cycleTypes ?? []).map((t) => ({ value: t.id, label: t.lxmc }))}
              onChange={(cycleTypeId?: string) => {
                // choosing a type loads its values and selects the default; clearing it clears them (000 §4)
                form.setFieldsValue({ cycleValue: undefined, libraryId: undefined });
                setQuery((q) => ({ level: q.level, cycleTypeId: cycleTypeId || undefined }));
              }}
            />
          </Form.Item>
        </div>
        <div className={styles.row}>
          <Form.Item name="cycleValue" label="周期" rules={[{ required: true, message: '请选择周期' }]}>
            <Select
              placeholder="请选择周期"
              disabled={!query.cycleTypeId}
              options={(query.cycleTypeId ? (o?.cycleValues ?? []) : []).map((v) => ({ value: v.cycleNumber, label: v.cycleNumber }))}
              onChange={(cycleValue: string) => {
                form.setFieldValue('libraryId', undefined);
                setQuery((q) => ({ ...q, cycleValue }));
              }}
            />
          </Form.Item>
          <Form.Item name="libraryId" label="目标标准" rules={[{ required: true, message: '请选择目标标准' }]}>
            <Select
              placeholder={query.cycleValue ? '请选择目标标准' : '请先选择周期'}
              notFoundContent="该层面和周期没有可用的目标标准"
              options={(o?.libraries ?? []).map((l) => ({ value: l.id, label: `${l.name}（${l.points}个质控点）` }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="scope" label="诊断对象">
          <Radio.Group options={(o?.scopes ?? []).map((s) => ({ value: s.value, label: s.text }))} />
        </Form.Item>
        {scope === 'departments' && (
          <Form.Item name="departmentIds" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
            <Select mode="multiple" placeholder="请选择部门" options={(o?.departments ?? []).map((d) => ({ value: d.id, label: `${d.name}（${d.objects}）` }))} />
          </Form.Item>
        )}
        {scope === 'picked' && (
          <Form.Item name="objectIds" label="指定对象" rules={[{ required: true, message: '请选择诊断对象' }]}>
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={search}
              placeholder="输入名称或编号搜索"
              options={(o?.objects ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.code}）` }))}
            />
          </Form.Item>
        )}
        <div className={styles.row}>
          <Form.Item name="ownerRule" label="任务负责人">
            <Radio.Group options={(o?.ownerRules ?? []).map((r) => ({ value: r.value, label: r.text }))} />
          </Form.Item>
          <Form.Item name="auditorRule" label="审核人">
            <Radio.Group options={(o?.auditorRules ?? []).map((r) => ({ value: r.value, label: r.text }))} />
          </Form.Item>
        </div>
        <div className={styles.row}>
          {ownerRule === 'chosen' ? (
            <Form.Item name="ownerId" label="指定负责人" rules={[{ required: true, message: '请选择任务负责人' }]}>
              <Select showSearch filterOption={false} onSearch={search} placeholder="输入姓名或账号搜索" options={people} />
            </Form.Item>
          ) : <div />}
          {auditorRule === 'chosen' ? (
            <Form.Item name="auditorId" label="指定审核人" rules={[{ required: true, message: '请选择审核人' }]}>
              <Select showSearch filterOption={false} onSearch={search} placeholder="输入姓名或账号搜索" options={people} />
            </Form.Item>
          ) : <div />}
        </div>
        <div className={styles.row}>
          <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择开始日期" />
          </Form.Item>
          <Form.Item
            name="endDate"
            label="结束日期"
            dependencies={['startDate']}
            rules={[
              { required: true, message: '请选择结束日期' },
              ({ getFieldValue }) => ({
                validator: (_rule, end?: Dayjs) => {
                  const start = getFieldValue('startDate') as Dayjs | undefined;
                  return !end || !start || !end.isBefore(start, 'day') ? Promise.resolve() : Promise.reject(new Error('开始日期不能晚于结束日期'));
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} placeholder="请选择结束日期" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
