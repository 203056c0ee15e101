import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Select, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import {
  importObjects, objectImportTemplate, OBJECT_IMPORT_HEADERS, OBJECT_LEVEL_NAMES, type ObjectImportLevel, type ObjectImportProblem,
} from '../../../../api/diagnosis-objects';
import { ApiError } from '../../../../api/request';
import { saveBlob } from '../../../../utils/download';
import { importProblemsOf, importSummary, isXlsx } from '../object-page';

interface ObjectImportModalProps {
  levels: ObjectImportLevel[];
  initialLevel: ObjectImportLevel;
  onClose(): void;
  /** objects were written: the list loads again */
  onImported(level: ObjectImportLevel): void;
}

/** 导入: the level, its template, the upload; every refused row listed (nothing stored), or the counts. */
export function ObjectImportModal({ levels, initialLevel, onClose, onImported }: ObjectImportModalProps) {
  const [level, setLevel] = useState<ObjectImportLevel>(initialLevel);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<ObjectImportProblem[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    try {
      const file = await objectImportTemplate(level);
      saveBlob(file.blob, file.fileName ?? `${OBJECT_LEVEL_NAMES[level]}导入模板.xlsx`);
    } catch {
      // shown by the request layer
    }
  };

  const send = async (file: File) => {
    setBusy(true);
    setProblems([]);
    setSummary(null);
    setFailure(null);
    try {
      const result = await importObjects(level, file, { silent: true });
      setSummary(importSummary(result));
      onImported(level);
    } catch (error) {
      const refused = importProblemsOf(error instanceof ApiError ? error.data : undefined);
      setProblems(refused);
      setFailure(error instanceof Error ? error.message : '导入失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title="导入诊改对象" width={640} footer={<Button onClick={onClose}>关闭</Button>} onCancel={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Space wrap>
          <span>层级</span>
          <Select<ObjectImportLevel>
            aria-label="导入层级"
            value={level}
            onChange={(v) => {
              setLevel(v);
              setProblems([]);
              setSummary(null);
              setFailure(null);
            }}
            options={levels.map((l) => ({ value: l, label: OBJECT_LEVEL_NAMES[l] }))}
            style={{ width: 120 }}
          />
          <Button icon={<DownloadOutlined />} onClick={() => void download()}>
            下载模板
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!isXlsx(file.name)) setFailure('文件类型错误，请导入 .xlsx 文件');
              else void send(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              选择文件并导入
            </Button>
          </Upload>
        </Space>
        <div style={{ color: 'rgba(0,0,0,0.45)' }}>
          模板列：{OBJECT_IMPORT_HEADERS[level].join('、')}。有任何一行错误时整表不导入；重复导入同一文件不会产生变化。
          {level !== 'major' && '所属专业须先导入或新增。'}
          {level === 'student' && '学号/账号须为人员类型为学生的已有用户。'}
        </div>
        {summary && <Alert type="success" showIcon message={summary} />}
        {failure && <Alert type="error" showIcon message={failure} />}
        {problems.length > 0 && (
          <Table<ObjectImportProblem>
            aria-label="导入错误"
            rowKey={(r) => `${r.row}-${r.reason}`}
            size="small"
            dataSource={problems}
            pagination={false}
            scroll={{ y: 300 }}
            columns={[
              { title: '行号', dataIndex: 'row', width: 80 },
              { title: '原因', dataIndex: 'reason' },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
