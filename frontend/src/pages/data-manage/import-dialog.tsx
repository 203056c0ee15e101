import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { PAGINATION_DEFAULTS } from '../../utils/pagination';
import type { ImportProblem } from '@zhengai/contracts';
import { Alert, App, Button, Checkbox, Descriptions, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError, type BlobResult } from '../../api/request';
import { saveBlob } from '../../utils/download';
import { problemsOf } from './import-problems';

/** What an import answered: the counts, and for people the one initial password (null: nobody got one). */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  initialPassword?: string | null;
}


interface ImportDialogProps {
  /** 导入人员 / 导入部门 */
  title: string;
  templateName: string;
  template(): Promise<BlobResult>;
  run(file: File, casOnly: boolean): Promise<ImportCounts>;
  /** people: offer the CAS-only choice (accounts without a password) */
  offerCasOnly?: boolean;
  /** what the sheet holds, said above the upload */
  hint: string;
  /** something was written: the page's list loads again */
  onImported(): void;
}

/**
 * 导入 on 用户管理 and 部门管理: download the template, upload a filled sheet, and see the all-or-nothing answer —
 * every refused row with its number and reason, or the counts and, for new people, the one initial password with a
 * copy button (shown this once).
 */
export function ImportButton(props: ImportDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        导入
      </Button>
      {open && <ImportDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ title, templateName, template, run, offerCasOnly, hint, onImported, onClose }: ImportDialogProps & { onClose(): void }) {
  const { message } = App.useApp();
  const [casOnly, setCasOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [problems, setProblems] = useState<ImportProblem[] | null>(null);
  const [done, setDone] = useState<ImportCounts | null>(null);

  const download = async () => {
    setDownloading(true);
    try {
      const file = await template();
      saveBlob(file.blob, file.fileName ?? templateName);
    } catch {
      // shown by the request layer
    } finally {
      setDownloading(false);
    }
  };

  const upload = async (file: File) => {
    setBusy(true);
    setProblems(null);
    setDone(null);
    try {
      const counts = await run(file, casOnly);
      setDone(counts);
      if (counts.created + counts.updated > 0) onImported();
    } catch (error) {
      const refused = problemsOf(error instanceof ApiError ? error.data : undefined);
      if (refused.length) setProblems(refused);
      else void message.error(error instanceof Error ? error.message : '导入失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={title} width={640} style={{ maxWidth: 'calc(100vw - 24px)' }} footer={<Button onClick={onClose}>关闭</Button>} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {hint}
        </Typography.Paragraph>
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            下载模板
          </Button>
          {offerCasOnly && (
            <Checkbox checked={casOnly} onChange={(e) => setCasOnly(e.target.checked)}>
              仅统一身份认证登录（新账号不设密码）
            </Checkbox>
          )}
        </Space>
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            if (/\.xlsx$/i.test(file.name)) void upload(file);
            else void message.error('只能导入 .xlsx 文件');
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{busy ? '正在导入…' : '点击或拖动填好的表格到此处导入'}</p>
          <p className="ant-upload-hint">整表导入：有任何一行错误时不导入任何数据</p>
        </Upload.Dragger>
        {problems && (
          <>
            <Alert type="error" showIcon title={`导入失败：以下${problems.length}行有误，所有数据均未导入，请修改表格后重新导入`} />
            <Table<ImportProblem>
              aria-label="导入错误"
              rowKey={(r) => `${r.row}-${r.reason}`}
              size="small"
              dataSource={problems}
              pagination={problems.length > 50 ? { ...PAGINATION_DEFAULTS, pageSize: 50 } : false}
              scroll={{ y: 320 }}
              columns={[
                { title: '行号', dataIndex: 'row', width: 72 },
                { title: '原因', dataIndex: 'reason' },
              ]}
            />
          </>
        )}
        {done && (
          <>
            <Alert type="success" showIcon title="导入成功" />
            <Descriptions size="small" bordered column={1}>
              <Descriptions.Item label="新增">{done.created}</Descriptions.Item>
              <Descriptions.Item label="更新">{done.updated}</Descriptions.Item>
              <Descriptions.Item label="未变化">{done.unchanged}</Descriptions.Item>
            </Descriptions>
            {done.initialPassword && (
              <Alert
                type="warning"
                showIcon
                title="新用户的初始密码（只显示这一次）"
                description={
                  <>
                    <Typography.Text code copyable={{ text: done.initialPassword, tooltips: ['复制', '已复制'] }} data-testid="initial-password" style={{ fontSize: 16 }}>
                      {done.initialPassword}
                    </Typography.Text>
                    <div>本次新增的{done.created}位用户都使用这个初始密码，首次登录时须修改密码。关闭后无法再次查看，请立即复制并通知他们。</div>
                  </>
                }
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
