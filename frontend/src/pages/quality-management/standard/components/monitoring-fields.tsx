import { PlayCircleOutlined } from '@ant-design/icons';
import { PAGINATION_DEFAULTS } from '../../../../utils/pagination';
import { Alert, Button, Descriptions, Empty, Form, Input, InputNumber, Modal, Select, Space, Spin, Switch, Table, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../../api/request';
import { getAlgorithmDetail, querySql, type Algorithm, type SqlParameterValues, type SqlQueryResult } from '../../../../api/warnings';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { CONDITION_OPTIONS, WARNING_GRADE_OPTIONS, WARNING_MODE_OPTIONS, WARNING_PERIOD_OPTIONS } from '../../improvement/warning-values';
import { INTERFACE_TIMEOUT_MAX_S, PATH_MAX, SQL_HELP, SQL_MAX, SQL_MAX_ROWS, SQL_PARAMETER_MAX, SQL_PARAMETERS, URL_MAX, algorithmKey, splitAlgorithmKey, usedSqlParameters, type PointFormValues } from '../library-values';
import styles from '../standard.module.css';

/**
 * 预警规则 of the point form: off, or 预警方式 (数值比较 / 等级比较), 条件, 预警值 (a number, or a grade A–G) and
 * 预警周期.
 */
export function WarningRuleFields({ form }: { form: FormInstance<PointFormValues> }) {
  const on = Form.useWatch('warningOn', form);
  const mode = Form.useWatch(['warningRule', 'yjlx'], form);
  return (
    <>
      <Form.Item label="预警规则" name="warningOn" valuePropName="checked" extra={on ? undefined : '不设置预警规则时，该质控点不产生预警'}>
        <Switch aria-label="预警规则" checkedChildren="启用" unCheckedChildren="不预警" />
      </Form.Item>
      {on && (
        <div className={styles.ruleRow} data-testid="warning-rule">
          <Form.Item label="预警方式" name={['warningRule', 'yjlx']} rules={[{ required: true, message: '请选择预警方式' }]} style={{ width: 140 }}>
            <Select aria-label="预警方式" options={WARNING_MODE_OPTIONS} onChange={() => form.setFieldValue(['warningRule', 'yjz'], null)} />
          </Form.Item>
          <Form.Item label="条件" name={['warningRule', 'tj']} rules={[{ required: true, message: '请选择条件' }]} style={{ width: 100 }}>
            <Select aria-label="条件" options={CONDITION_OPTIONS} />
          </Form.Item>
          <Form.Item label="预警值" name={['warningRule', 'yjz']} rules={[{ required: true, message: mode === 'level' ? '请选择预警等级' : '请输入预警值' }]} style={{ width: 160 }}>
            {mode === 'level' ? (
              <Select aria-label="预警值" placeholder="等级" options={WARNING_GRADE_OPTIONS} />
            ) : (
              <InputNumber aria-label="预警值" placeholder="数值" style={{ width: '100%' }} />
            )}
          </Form.Item>
          <Form.Item label="预警周期" name={['warningRule', 'yjzq']} rules={[{ required: true, message: '请选择预警周期' }]} style={{ width: 140 }}>
            <Select aria-label="预警周期" options={WARNING_PERIOD_OPTIONS} />
          </Form.Item>
        </div>
      )}
    </>
  );
}

/** A trial run's rows as a table: rows may come as objects or as arrays in column order. */
function SqlResult({ result }: { result: SqlQueryResult }) {
  const rows = result.rows.map((row, i) => {
    const record: Record<string, unknown> = { __key: i };
    result.columns.forEach((column, c) => {
      record[column] = Array.isArray(row) ? row[c] : (row as Record<string, unknown>)[column];
    });
    return record;
  });
  return (
    <div className={styles.sqlResult} data-testid="sql-result">
      <Typography.Text type="secondary">
        共{result.rows.length}行{result.truncated ? `（只显示前${SQL_MAX_ROWS}行）` : ''}
      </Typography.Text>
      <Table<Record<string, unknown>>
        size="small"
        rowKey="__key"
        bordered
        pagination={rows.length > 5 ? { ...PAGINATION_DEFAULTS, pageSize: 5 } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
        columns={result.columns.map((column) => ({ title: column, dataIndex: column, render: (v: unknown) => (v === null || v === undefined ? '' : String(v)) }))}
        dataSource={rows}
      />
    </div>
  );
}

/**
 * 试运行 (administrators): the SQL as written, run read-only on the data centre; its rows or its error. A query with
 * parameters gets a field each for the values to try it with.
 */
function SqlTrial({ form, name }: { form: FormInstance<PointFormValues>; name: number }) {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<SqlQueryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<SqlParameterValues>({});
  const used = usedSqlParameters(String(Form.useWatch(['datasources', name, 'sql'], form) ?? ''));

  const run = async () => {
    const sql = String(form.getFieldValue(['datasources', name, 'sql']) ?? '').trim();
    if (!sql) {
      setResult(null);
      setError('请输入SQL语句');
      return;
    }
    setRunning(true);
    setError(null);
    setResult(null);
    try {
      const given = Object.fromEntries(used.map((p) => [p, values[p]?.trim() || undefined]));
      setResult(await querySql(sql, given, { silent: true }));
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className={styles.sqlTrial}>
      <Space wrap size={8}>
        {used.map((p) => (
          <Input
            key={p}
            size="small"
            aria-label={`试运行的${SQL_PARAMETERS[p]}`}
            prefix={`:${p}`}
            placeholder={SQL_PARAMETERS[p]}
            maxLength={SQL_PARAMETER_MAX[p]}
            value={values[p] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [p]: e.target.value }))}
            className={styles.sqlParameter}
          />
        ))}
        <Button size="small" icon={<PlayCircleOutlined />} loading={running} onClick={() => void run()}>
          试运行
        </Button>
      </Space>
      {error && <Alert type="error" showIcon title={error} className={styles.sqlError} data-testid="sql-error" />}
      {result && <SqlResult result={result} />}
    </div>
  );
}

const NO_ALGORITHMS: Algorithm[] = [];

/** 算法详情: what the algorithm computes, from what, by which formula (GET algorithm/detail). */
function AlgorithmDetailModal({ algorithm, onClose }: { algorithm: Algorithm; onClose(): void }) {
  const request = useRequest(() => getAlgorithmDetail(algorithm.id, algorithm.version).then((answer) => answer?.algoRithmDetails ?? []), `${algorithm.id}@${algorithm.version}`);
  const details = request.data ?? (request.failed ? NO_ALGORITHMS : null);

  return (
    <Modal title="算法详情" open width={640} footer={null} onCancel={onClose}>
      <Spin spinning={details === null}>
        {details && details.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />}
        {(details ?? []).map((d) => (
          <Descriptions key={`${d.id}@${d.version}`} bordered size="small" column={1} styles={{ label: { width: 96 } }} className={styles.algorithmDetail}>
            <Descriptions.Item label="算法名称">{d.name}</Descriptions.Item>
            <Descriptions.Item label="编号">
              {d.id}（v{d.version}）
            </Descriptions.Item>
            <Descriptions.Item label="说明">{d.description ?? ''}</Descriptions.Item>
            <Descriptions.Item label="计算公式">{d.formula ?? ''}</Descriptions.Item>
            <Descriptions.Item label="输入">
              {(d.inputs ?? []).length ? (
                <ul className={styles.inputList}>
                  {(d.inputs ?? []).map((input) => (
                    <li key={input.name}>
                      <Typography.Text code>{input.name}</Typography.Text> {input.description}
                    </li>
                  ))}
                </ul>
              ) : (
                '无'
              )}
            </Descriptions.Item>
          </Descriptions>
        ))}
      </Spin>
    </Modal>
  );
}

interface SourceConfigFieldsProps {
  form: FormInstance<PointFormValues>;
  /** the data source's index in the list */
  name: number;
  admin: boolean;
  algorithms: Algorithm[] | null;
}

/** SQL and interface sources reach outside the platform: only administrators set them (the server refuses others). */
export const ADMIN_SOURCE_TEXT = '只有管理员可以设置 SQL 或接口数据源';
export const ADMIN_ONLY_METHODS = ['sql', 'interface'];

/**
 * A data source's config by its collection method: sql — the SELECT (试运行 for administrators); interface — the
 * address, the value's path, the detail rows' path and the timeout; algorithm — one of GET algorithm/list with
 * 算法详情. 填报 needs none.
 */

export function SourceConfigFields({ form, name, admin, algorithms }: SourceConfigFieldsProps) {
  const method = Form.useWatch(['datasources', name, 'cjfs'], form);
  const chosen = Form.useWatch(['datasources', name, 'algorithm'], form);
  const [detailOf, setDetailOf] = useState<Algorithm | null>(null);

  if (method === 'sql') {
    return (
      <div className={styles.sourceConfig}>
        <Form.Item
          name={[name, 'sql']}
          label="SQL"
          extra={SQL_HELP}
          rules={[
            { required: true, whitespace: true, message: '请输入SQL语句' },
            { max: SQL_MAX, message: `最多只能输入${SQL_MAX}个字符` },
          ]}
        >
          <Input.TextArea aria-label="SQL" disabled={!admin} autoSize={{ minRows: 3, maxRows: 10 }} className={styles.sqlInput} placeholder="SELECT … FROM sjzx.…" />
        </Form.Item>
        {admin ? <SqlTrial form={form} name={name} /> : <Typography.Text type="secondary">{ADMIN_SOURCE_TEXT}</Typography.Text>}
      </div>
    );
  }
  if (method === 'interface') {
    return (
      <div className={styles.sourceConfig}>
        <Form.Item
          name={[name, 'url']}
          label="接口地址"
          rules={[
            { required: true, whitespace: true, message: '请输入接口地址' },
            { pattern: /^https?:\/\/\S+$/i, message: '接口地址必须以 http:// 或 https:// 开头' },
          ]}
        >
          <Input aria-label="接口地址" disabled={!admin} placeholder="https://…" maxLength={URL_MAX} />
        </Form.Item>
        <div className={styles.ruleRow}>
          <Form.Item name={[name, 'valuePath']} label="取值路径" rules={[{ required: true, whitespace: true, message: '请输入取值路径' }]} style={{ width: 200 }}>
            <Input aria-label="取值路径" disabled={!admin} placeholder="如 data.value" maxLength={PATH_MAX} />
          </Form.Item>
          <Form.Item name={[name, 'rowsPath']} label="明细路径" style={{ width: 200 }}>
            <Input aria-label="明细路径" disabled={!admin} placeholder="如 data.rows（选填）" maxLength={PATH_MAX} />
          </Form.Item>
          <Form.Item name={[name, 'timeoutSeconds']} label="超时时间" style={{ width: 140 }}>
            <InputNumber aria-label="超时时间" disabled={!admin} min={1} max={INTERFACE_TIMEOUT_MAX_S} precision={0} placeholder="5" suffix="秒" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        {!admin && <Typography.Text type="secondary">{ADMIN_SOURCE_TEXT}</Typography.Text>}
      </div>
    );
  }
  if (method === 'algorithm') {
    const picked = splitAlgorithmKey(chosen);
    const algorithm = picked ? (algorithms ?? []).find((a) => a.id === picked.algorithmId && String(a.version) === String(picked.version)) : undefined;
    return (
      <div className={styles.sourceConfig}>
        <div className={styles.ruleRow}>
          <Form.Item name={[name, 'algorithm']} label="算法" rules={[{ required: true, message: '请选择算法' }]} style={{ width: 360 }}>
            <Select
              aria-label="算法"
              placeholder="请选择算法"
              loading={algorithms === null}
              showSearch={{ optionFilterProp: 'label' }}
              options={(algorithms ?? []).map((a) => ({ value: algorithmKey(a.id, a.version), label: `${a.name}（v${a.version}）` }))}
            />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="link" disabled={!algorithm} onClick={() => algorithm && setDetailOf(algorithm)}>
              算法详情
            </Button>
          </Form.Item>
        </div>
        {detailOf && <AlgorithmDetailModal algorithm={detailOf} onClose={() => setDetailOf(null)} />}
      </div>
    );
  }
  return null;
}
