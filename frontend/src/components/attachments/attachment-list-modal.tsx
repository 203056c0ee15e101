import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Form, Modal, Select, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { formatDateTime } from '../../utils/formatters';
import { useState } from 'react';
import { attachFiles, detachFile, getAttachments, type Attachment, type AttachmentOwner, type AttachmentStage } from '../../api/files';
import { useRequest } from '../../hooks/use-request';
import { EMPTY_TEXT } from '../../utils/constants';
import { FileTypeIcon } from '../upload/file-icon';
import { FILE_MESSAGES, formatFileSize } from '../upload/file-rules';
import { UploadModal, type UploadResult } from '../upload/upload-modal';
import { saveFile, saveZip } from './downloads';
import { FilePreview, canPreview, type PreviewTarget } from './file-preview';
import { DEFAULT_UPLOAD_STAGES, stageName, stageOptions } from './stages';

export interface AttachmentListModalProps {
  open: boolean;
  onClose(): void;
  /** the quality point (and object task) */
  owner: AttachmentOwner;
  /** the point's name: the zip of 全部下载 is '{name}支撑附件.zip' */
  pointName: string;
  /** edit mode (001 §2 isedit): 上传 and 删除; otherwise download and preview only */
  editable?: boolean;
  /** the stages an upload may go to (default one per group); with one, it is not asked */
  stages?: readonly AttachmentStage[];
  defaultStage?: AttachmentStage;
  /** the list changed (attached or detached): e.g. the table's attachment count */
  onChanged?(attachments: Attachment[]): void;
}

const NO_ATTACHMENTS: Attachment[] = [];

const formatTime = (value: string | null | undefined) => formatDateTime(value, '');

/**
 * The attachments of one quality point and object task (001 §2 Attachments): list, 全部下载 as one zip,
 * preview of pictures and PDFs, and in edit mode 上传 (to a stage) and 删除 with a confirmation.
 */
export function AttachmentListModal({ open, onClose, owner, pointName, editable = false, stages = DEFAULT_UPLOAD_STAGES, defaultStage, onChanged }: AttachmentListModalProps) {
  const { modal } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [zipping, setZipping] = useState(false);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const { zgzkdid, objTaskId } = owner;
  // each opening asks afresh
  const list = useRequest(open ? () => getAttachments({ zgzkdid, objTaskId }) : null, `${zgzkdid}/${objTaskId}`, { keepPrevious: false });
  const items = list.data ?? NO_ATTACHMENTS;

  /** After attaching or detaching: the list again, and the caller told. */
  const reloadChanged = async () => {
    const reloaded = await list.reload();
    if (reloaded) onChanged?.(reloaded);
  };

  const firstStage = defaultStage ?? stages[0] ?? 'mbbz';

  const attach = async ({ files, values }: UploadResult) => {
    const stage = (stages.length > 1 ? values.stage : firstStage) as AttachmentStage;
    await attachFiles(
      { zgzkdid, objTaskId },
      stage,
      files.map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileType: f.fileType })),
      { successMessage: FILE_MESSAGES.imported },
    );
    await reloadChanged();
  };

  const confirmDelete = (item: Attachment) => {
    modal.confirm({
      title: '删除附件',
      content: `确定删除“${item.fileName}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await detachFile(item.id, { successMessage: '删除成功' });
          await reloadChanged();
        } catch {
          // shown by the request layer
        }
      },
    });
  };

  const downloadAll = async () => {
    setZipping(true);
    try {
      await saveZip(items, pointName);
    } catch {
      // shown by the request layer
    } finally {
      setZipping(false);
    }
  };

  const columns: TableColumnsType<Attachment> = [
    {
      title: '文件名',
      dataIndex: 'fileName',
      ellipsis: true,
      render: (_v, item) => (
        <Space size={6}>
          <FileTypeIcon type={item.fileType} name={item.fileName} />
          <span title={item.fileName}>{item.fileName}</span>
        </Space>
      ),
    },
    { title: '阶段', dataIndex: 'stage', width: 100, render: (_v, item) => stageName(item.stage) },
    { title: '大小', dataIndex: 'size', width: 100, render: (_v, item) => formatFileSize(item.size) },
    { title: '上传人', dataIndex: 'uploaderName', width: 100, ellipsis: true },
    { title: '上传时间', dataIndex: 'createTime', width: 140, render: (_v, item) => formatTime(item.createTime) },
    {
      title: '操作',
      key: 'actions',
      width: editable ? 170 : 120,
      render: (_v, item) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void saveFile(item).catch(() => undefined)}>
            下载
          </Button>
          <Tooltip title={canPreview(item) ? undefined : FILE_MESSAGES.noPreview}>
            <Button type="link" size="small" disabled={!canPreview(item)} onClick={() => setPreview(item)}>
              预览
            </Button>
          </Tooltip>
          {editable && (
            <Button type="link" size="small" danger onClick={() => confirmDelete(item)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Modal
        open={open}
        title={`${pointName} 支撑附件`}
        width={920}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
      >
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined />} loading={zipping} disabled={items.length === 0} onClick={() => void downloadAll()}>
            全部下载
          </Button>
          {editable && (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              上传
            </Button>
          )}
        </Space>
        <Table<Attachment>
          aria-label="附件列表"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items}
          loading={list.loading}
          pagination={false}
          scroll={{ y: 420 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
        />
      </Modal>
      {editable && (
        <UploadModal
          open={uploading}
          extraInitialValues={{ stage: firstStage }}
          extraFields={
            stages.length > 1 ? (
              <Form.Item label="阶段" name="stage" rules={[{ required: true, message: '请选择阶段' }]}>
                <Select aria-label="阶段" options={stageOptions(stages)} />
              </Form.Item>
            ) : undefined
          }
          onUploaded={attach}
          onClose={() => setUploading(false)}
        />
      )}
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </>
  );
}
