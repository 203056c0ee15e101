// A fill in the form drawer (000 §9): the task's facts, the fill grid and the 历史 tab. A filler saves (保存), imports,
// exports and commits (提交); an auditor passes (审核通过) or rolls back (退回, with a reason). The server's refusal of a
// save or commit names 第N行「字段」 in its toast, and its CellError list goes onto the cells.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Form, Input, List, Modal, Space, Tabs, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { COLLECTION_MESSAGES, FILL_STATE_LABELS, INPUT_MAX, type CellError, type FillTask, type FillTaskDetail, type ImportProblem } from '@zhengai/contracts';
import { auditFill, commitFill, dataTemplate, exportData, fillTaskDetail, importData, rollbackFill, saveRows, uniqueCheck } from '../../../api/data-collection';
import { ApiError } from '../../../api/request';
import { FormDrawer } from '../../../components/form-drawer';
import { useRequest } from '../../../hooks/use-request';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { saveBlob } from '../../../utils/download';
import { FillHistoryList } from './fill-history';
import { FillTable } from './fill-table';
import { rowsForSave, rowsFromData, type EditableRow } from './fill-values';

const STATE_COLORS: Record<FillTask['state'], string> = { uncommitted: 'default', unaudited: 'processing', rollback: 'error', finished: 'success' };

/** The state tag of a fill. */
export function FillStateTag({ state }: { state: FillTask['state'] }) {
  return <Tag color={STATE_COLORS[state]}>{FILL_STATE_LABELS[state]}</Tag>;
}

/** The CellError list a refusal carries, if it carries one. */
function refusedCells(error: unknown): CellError[] | null {
  return error instanceof ApiError && Array.isArray(error.data) ? (error.data as CellError[]) : null;
}

async function download(load: () => Promise<{ blob: Blob; fileName: string | null }>, fallback: string): Promise<void> {
  try {
    const file = await load();
    saveBlob(file.blob, file.fileName ?? fallback);
  } catch {
    // shown by the request layer
  }
}

/** 导入: an .xlsx of the fill's template; a refusal lists its rows. */
function ImportModal({ fill, open, onClose, onImported }: { fill: FillTask; open: boolean; onClose: () => void; onImported: () => void }) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<ImportProblem[]>([]);

  const close = () => {
    setFile(null);
    setProblems([]);
    onClose();
  };

  const run = async () => {
    if (!file) {
      message.warning('请选择要导入的文件');
      return;
    }
    setBusy(true);
    setProblems([]);
    try {
      const result = await importData(file, fill.id, { silent: true });
      message.success(`导入成功！共${result.imported}行`);
      close();
      onImported();
    } catch (error) {
      // the refusal lists each bad sheet row (its Excel row number) and why
      const rows = error instanceof ApiError && Array.isArray(error.data) ? (error.data as ImportProblem[]) : null;
      if (rows?.length) setProblems(rows);
      else message.error(error instanceof Error ? error.message : '导入失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="导入" open={open} onCancel={close} onOk={() => void run()} okText="导入" cancelText="取消" confirmLoading={busy} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">导入的数据将替换当前填报的全部数据。</Typography.Text>
        <Space>
          <Upload
            accept=".xlsx"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setProblems([]);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
          <Button type="link" icon={<DownloadOutlined />} onClick={() => void download(() => dataTemplate(fill.id), `${fill.formName}导入模板.xlsx`)}>
            下载模板
          </Button>
        </Space>
        {problems.length > 0 && (
          <List
            size="small"
            header={<Typography.Text type="danger">导入失败，以下数据有误：</Typography.Text>}
            dataSource={problems}
            renderItem={(p) => (
              <List.Item data-testid="import-problem">
                <Typography.Text type="danger">
                  第{p.row}行：{p.reason}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Space>
    </Modal>
  );
}

/** 退回 with its required reason. */
function RollbackModal({ open, onCancel, onSubmit }: { open: boolean; onCancel: () => void; onSubmit: (reason: string) => Promise<void> }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const once = useSingleFlight();
  const ok = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="退回" open={open} onCancel={onCancel} onOk={() => once(() => ok().catch(() => undefined))} okText="退回" cancelText="取消" confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="退回原因" rules={[{ required: true, whitespace: true, message: '请输入退回原因' }]}>
          <Input.TextArea rows={4} maxLength={INPUT_MAX.audit} showCount placeholder="请输入退回原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface FillDrawerProps {
  /** the fill shown; null: closed */
  fillTaskId: string | null;
  /** 'fill' lets a filler edit (when the server says mayEdit); 'audit' shows the auditor's buttons (when mayAudit) */
  mode: 'fill' | 'audit' | 'view';
  onClose: () => void;
  /** something changed on the server: the list reloads */
  onChanged: () => void;
}

export function FillDrawer({ fillTaskId, mode, onClose, onChanged }: FillDrawerProps) {
  const { modal } = App.useApp();
  const [rows, setRows] = useState<EditableRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<CellError[] | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [importing, setImporting] = useState(false);
  const [rollingBack, setRollingBack] = useState(false);
  // unique fields: values other fills of the task hold, as datas/uniqueCheck answered when a cell was left
  const [taken, setTaken] = useState<Record<string, ReadonlySet<string>>>({});

  const { data, loading } = useRequest<FillTaskDetail>(fillTaskId ? () => fillTaskDetail(fillTaskId) : null, `${fillTaskId}:${reloads}`, {
    keepPrevious: false,
    onSuccess: (d) => {
      setRows(rowsFromData(d.form, d.rows));
      setDirty(false);
      setErrors(undefined);
      setTaken({});
    },
  });
  const detail = data && data.fillTask.id === fillTaskId ? data : null;
  const editable = mode === 'fill' && !!detail?.mayEdit;
  const auditing = mode === 'audit' && !!detail?.mayAudit;

  const close = () => {
    setDirty(false);
    setErrors(undefined);
    onClose();
  };

  const checkUnique = (fieldKey: string, value: string) => {
    if (!detail) return;
    uniqueCheck(detail.fillTask.id, fieldKey, [value], { silent: true })
      .then(({ duplicates }) =>
        setTaken((t) => {
          const values = new Set(t[fieldKey]);
          if (duplicates.includes(value)) values.add(value);
          else values.delete(value);
          return { ...t, [fieldKey]: values };
        }),
      )
      // the server checks again on save and commit; a failed check here only leaves the cell unmarked
      .catch(() => undefined);
  };

  const edit = (next: EditableRow[]) => {
    setRows(next);
    setDirty(true);
  };

  const save = async () => {
    if (!detail || !editable) return;
    setSaving(true);
    try {
      await saveRows({ fillTaskId: detail.fillTask.id, rows: rowsForSave(rows, detail.form.fields) }, { successMessage: COLLECTION_MESSAGES.saved });
      onChanged();
      close();
    } catch (error) {
      setErrors(refusedCells(error) ?? undefined);
    } finally {
      setSaving(false);
    }
  };

  const commit = () => {
    if (!detail) return;
    modal.confirm({
      title: '提交确认',
      content: '提交后将交由审核人审核，审核前不能修改。确定提交吗？',
      okText: '提交',
      cancelText: '取消',
      onOk: async () => {
        try {
          await commitFill({ id: detail.fillTask.id, rows: rowsForSave(rows, detail.form.fields) }, { successMessage: COLLECTION_MESSAGES.committed });
        } catch (error) {
          setErrors(refusedCells(error) ?? undefined);
          return;
        }
        onChanged();
        close();
      },
    });
  };

  const audit = () => {
    if (!detail) return;
    modal.confirm({
      title: '审核确认',
      content: '确定审核通过吗？审核通过后数据将进入数据中心。',
      okText: '审核通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          await auditFill(detail.fillTask.id, { successMessage: COLLECTION_MESSAGES.audited });
        } catch {
          return;
        }
        onChanged();
        close();
      },
    });
  };

  const rollback = async (reason: string) => {
    if (!detail) return;
    try {
      await rollbackFill({ id: detail.fillTask.id, reason }, { successMessage: COLLECTION_MESSAGES.rolledBack });
    } catch {
      return;
    }
    setRollingBack(false);
    onChanged();
    close();
  };

  const fill = detail?.fillTask;
  const facts = fill && (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 12 }}>
      <Descriptions.Item label="采集任务">{fill.taskName}</Descriptions.Item>
      <Descriptions.Item label="周期">{fill.cycle}</Descriptions.Item>
      <Descriptions.Item label="填报部门/人">{fill.departmentName ?? fill.userName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="审核人">{fill.auditorName}</Descriptions.Item>
      <Descriptions.Item label="截止日期">
        {fill.deadline}
        {fill.overdue && <Tag color="red" style={{ marginLeft: 8 }}>已逾期</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label="状态">
        <FillStateTag state={fill.state} />
      </Descriptions.Item>
      {fill.rollbackReason && fill.state === 'rollback' && (
        <Descriptions.Item label="退回原因" span="filled">
          <Typography.Text type="danger" data-testid="rollback-reason">
            {fill.rollbackReason}
          </Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );

  const toolbar = fill && (
    <Space style={{ marginBottom: 12 }} wrap>
      {editable && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          导入
        </Button>
      )}
      <Button icon={<DownloadOutlined />} onClick={() => void download(() => exportData({ fillTaskId: fill.id }), `${fill.formName}.xlsx`)}>
        导出
      </Button>
      {editable && (
        <Button type="primary" onClick={commit}>
          提交
        </Button>
      )}
      {auditing && fill.state === 'unaudited' && (
        <Button type="primary" onClick={audit}>
          审核通过
        </Button>
      )}
      {auditing && (fill.state === 'unaudited' || fill.state === 'finished') && (
        <Button danger onClick={() => setRollingBack(true)}>
          退回
        </Button>
      )}
    </Space>
  );

  return (
    <FormDrawer
      open={fillTaskId !== null}
      title={detail?.fillTask.formName ?? '填报'}
      dirty={editable && dirty}
      saving={saving}
      loading={loading && !detail}
      showSave={editable}
      onSave={() => void save()}
      onClose={close}
    >
      {detail && fill && (
        <Tabs
          items={[
            {
              key: 'rows',
              label: '填报数据',
              children: (
                <>
                  {facts}
                  {toolbar}
                  <FillTable form={detail.form} rows={rows} options={detail.options} editable={editable} onChange={edit} errors={errors} taken={taken} onUniqueLeft={checkUnique} />
                </>
              ),
            },
            { key: 'history', label: '历史', children: <FillHistoryList fillTaskId={fill.id} version={reloads} /> },
          ]}
        />
      )}
      {fill && (
        <ImportModal
          fill={fill}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => {
            onChanged();
            setReloads((n) => n + 1);
          }}
        />
      )}
      <RollbackModal open={rollingBack} onCancel={() => setRollingBack(false)} onSubmit={rollback} />
    </FormDrawer>
  );
}
