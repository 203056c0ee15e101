import { CopyOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { DATA_SOURCE_AGGREGATES, type FormField, type PointDefinition, type SqlQueryResult } from '@zhengai/contracts';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { dataSourceSql } from '../../api/data-collection';
import { getDefinitions, getTargets, updateDefinition } from '../../api/standard';
import { querySql } from '../../api/warnings';
import { useRequest } from '../../hooks/use-request';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { trialParameters, withSqlSource } from './data-source';
import styles from './table-configuration.module.css';

type Aggregate = (typeof DATA_SOURCE_AGGREGATES)[number];
const AGGREGATE_LABELS: Record<Aggregate, string> = { sum: '求和', avg: '平均', count: '计数', max: '最大', min: '最小' };

interface Choice {
  aggregate: Aggregate;
  byCycle: boolean;
  byDepartment: boolean;
}

/**
 * 创建数据源 for a numeric column of a published form: the SQL a quality point's sql collection reads it by
 * (forms/dataSourceSql), to copy, to try (sql/query) and to apply to a point of a library (its sql source).
 */
export function DataSourceModal({ formId, field, onClose }: { formId: string; field: FormField; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Choice>();
  const [sql, setSql] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const once = useSingleFlight();
  const [trial, setTrial] = useState<{ zq?: string; dxmc?: string }>({});
  const [result, setResult] = useState<SqlQueryResult | null>(null);
  const [running, setRunning] = useState(false);
  const [libraryId, setLibraryId] = useState<string | null>(null);
  const [pointId, setPointId] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const libraries = useRequest(() => getTargets({ mode: 'normal', pageNum: 1, pageSize: 200 }), 'libraries');
  const points = useRequest(libraryId ? () => getDefinitions(libraryId, null) : null, libraryId ?? '');
  const writable = (libraries.data?.records ?? []).filter((l) => l.rights.write);

  const make = async () => {
    const choice = await form.validateFields();
    setMaking(true);
    try {
      const answer = await dataSourceSql({ formId, field: field.key, aggregate: choice.aggregate, byCycle: choice.byCycle, byDepartment: choice.byDepartment });
      setSql(answer.sql);
      setResult(null);
    } catch {
      // shown by the request layer
    } finally {
      setMaking(false);
    }
  };

  const copy = async () => {
    if (!sql) return;
    try {
      await navigator.clipboard.writeText(sql);
      message.success('已复制');
    } catch {
      message.warning('无法访问剪贴板，请手动复制');
    }
  };

  const run = async () => {
    if (!sql) return;
    setRunning(true);
    try {
      setResult(await querySql(sql, trialParameters(trial.zq, trial.dxmc)));
    } catch {
      setResult(null);
    } finally {
      setRunning(false);
    }
  };

  const apply = async () => {
    const point = (points.data ?? []).find((p) => p.id === pointId);
    if (!sql || !point) return;
    setApplying(true);
    try {
      await updateDefinition(point.id, withSqlSource(point, sql), { successMessage: `已应用到质控点“${point.zkdmc}”` });
    } catch {
      // shown by the request layer
    } finally {
      setApplying(false);
    }
  };

  return (
    <Modal open title={`创建数据源：${field.label}`} width={760} footer={<Button onClick={onClose}>关闭</Button>} onCancel={onClose}>
      <Form form={form} layout="inline" initialValues={{ aggregate: 'sum', byCycle: true, byDepartment: false }}>
        <Form.Item name="aggregate" label="汇总方式" rules={[{ required: true }]}>
          <Select aria-label="汇总方式" style={{ width: 120 }} options={DATA_SOURCE_AGGREGATES.map((a) => ({ value: a, label: AGGREGATE_LABELS[a] }))} />
        </Form.Item>
        <Form.Item name="byCycle" valuePropName="checked">
          <Checkbox>按采集周期</Checkbox>
        </Form.Item>
        <Form.Item name="byDepartment" valuePropName="checked">
          <Checkbox>按部门</Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={making} onClick={() => once(make)}>
            生成SQL
          </Button>
        </Form.Item>
      </Form>
      {sql && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            SQL
          </Typography.Title>
          <Input.TextArea aria-label="数据源SQL" className={styles.sql} readOnly autoSize={{ minRows: 3, maxRows: 10 }} value={sql} />
          <Space style={{ marginTop: 8 }} wrap>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              复制
            </Button>
            <Input aria-label="试运行周期" placeholder=":zq 周期，如 2026" style={{ width: 180 }} value={trial.zq} onChange={(e) => setTrial((t) => ({ ...t, zq: e.target.value }))} />
            <Input aria-label="试运行部门名称" placeholder=":dxmc 部门名称" style={{ width: 180 }} value={trial.dxmc} onChange={(e) => setTrial((t) => ({ ...t, dxmc: e.target.value }))} />
            <Button icon={<PlayCircleOutlined />} loading={running} onClick={() => void run()}>
              试运行
            </Button>
          </Space>
          {result && (
            <Table<Record<string, unknown>>
              style={{ marginTop: 8 }}
              size="small"
              rowKey={(_r, i) => String(i)}
              pagination={false}
              scroll={{ y: 200 }}
              dataSource={result.rows}
              columns={result.columns.map((c) => ({ title: c, dataIndex: c, render: (v: unknown) => (v === null || v === undefined ? '' : String(v)) }))}
              footer={result.truncated ? () => '仅显示前1000行' : undefined}
            />
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            应用到质控点
          </Typography.Title>
          <Space wrap>
            <Select
              aria-label="目标标准"
              placeholder="选择目标标准"
              style={{ width: 240 }}
              showSearch
              optionFilterProp="label"
              loading={libraries.loading}
              options={writable.map((l) => ({ value: l.id, label: l.name }))}
              value={libraryId ?? undefined}
              onChange={(v: string) => {
                setLibraryId(v);
                setPointId(null);
              }}
            />
            <Select
              aria-label="质控点"
              placeholder="选择质控点"
              style={{ width: 240 }}
              showSearch
              optionFilterProp="label"
              disabled={!libraryId}
              loading={points.loading}
              options={(points.data ?? []).map((p: PointDefinition) => ({ value: p.id, label: `${p.zkdid} ${p.zkdmc}` }))}
              value={pointId ?? undefined}
              onChange={(v: string) => setPointId(v)}
            />
            <Button type="primary" disabled={!pointId} loading={applying} onClick={() => void apply()}>
              应用
            </Button>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            应用后该质控点以SQL方式采集（已有的SQL数据源被替换，其他数据源保留）。
          </Typography.Paragraph>
        </>
      )}
      {!sql && <Alert style={{ marginTop: 16 }} type="info" showIcon message="选择汇总方式后生成SQL；:zq 为采集周期，:dxmc 为部门名称。" />}
    </Modal>
  );
}
