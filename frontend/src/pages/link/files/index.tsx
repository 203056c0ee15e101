import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { useState, type Key } from 'react';
import { deleteFile, type DocFile } from '../../../api/files';
import { saveFile, saveZip } from '../../../components/attachments/downloads';
import { FilePreview, type PreviewTarget } from '../../../components/attachments/file-preview';
import { FILE_NAME_MAX } from '../../../components/upload/file-rules';
import { UploadModal } from '../../../components/upload/upload-modal';
import { FileEditDrawer } from './components/file-edit-drawer';
import { FilesTable } from './components/files-table';
import { ShareModal } from './components/share-modal';
import { useFileList, useFileTypes } from './hooks';
import layout from '../../../components/page-layout.module.css';
import { SearchButtons } from '../../../components/search-buttons';

/** The zip of 批量下载 is '我的文件支撑附件.zip'. */
export const BULK_ZIP_NAME = '我的文件';

interface EditState {
  /** a new form for every opening */
  key: number;
  open: boolean;
  file: DocFile;
}

/** /link/files (menu 我的文件 under 个人信息中心): my evidence files and the files shared with me. */
export default function FileManagePage() {
  const { message, modal } = App.useApp();
  const [searchForm] = Form.useForm<{ fileName?: string }>();
  const list = useFileList();
  const fileTypes = useFileTypes();
  // selected across pages: the keys, and the rows seen for them (names and sizes for the zip)
  const [selected, setSelected] = useState<Map<Key, DocFile>>(new Map());
  const [uploading, setUploading] = useState(false);
  const [zipping, setZipping] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [editing, setEditing] = useState<EditState | null>(null);
  const [sharing, setSharing] = useState<DocFile | null>(null);

  const select = (keys: Key[], rows: (DocFile | undefined)[]) => {
    setSelected((current) => {
      const next = new Map<Key, DocFile>();
      keys.forEach((key, i) => {
        const row = rows[i] ?? current.get(key);
        if (row) next.set(key, row);
      });
      return next;
    });
  };

  const unselect = (fileId: string) =>
    setSelected((current) => {
      const next = new Map(current);
      next.delete(fileId);
      return next;
    });

  const download = async (file: DocFile) => {
    setDownloading(file.fileId);
    try {
      await saveFile(file);
    } catch {
      // shown by the request layer
    } finally {
      setDownloading(null);
    }
  };

  const bulkDownload = async () => {
    const files = [...selected.values()];
    if (!files.length) {
      void message.warning('请先选择要下载的文件');
      return;
    }
    setZipping(true);
    try {
      await saveZip(files, BULK_ZIP_NAME);
    } catch {
      // shown by the request layer: 下载失败!
    } finally {
      setZipping(false);
    }
  };

  const confirmDelete = (file: DocFile) => {
    modal.confirm({
      title: '删除文件',
      content: `确定删除“${file.fileName}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteFile(file.fileId, { successMessage: '删除成功' });
          unselect(file.fileId);
          list.reload();
        } catch {
          // the server's reason is shown by the request layer
        }
      },
    });
  };

  const search = (values: { fileName?: string }) => list.search((values.fileName ?? '').trim());

  return (
    <Card title="我的文件">
      <div className={layout.bar}>
        <Form form={searchForm} name="file-search" layout="inline" onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item label="文件名" name="fileName">
            <Input placeholder="输入文件名查找" allowClear maxLength={FILE_NAME_MAX} style={{ width: 220 }} />
          </Form.Item>
          <SearchButtons
            onReset={() => {
              searchForm.resetFields();
              search({});
            }}
          />
        </Form>
        <Space>
          <Button icon={<DownloadOutlined />} loading={zipping} disabled={selected.size === 0} onClick={() => void bulkDownload()}>
            批量下载{selected.size ? `（${selected.size}）` : ''}
          </Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            上传文件
          </Button>
        </Space>
      </div>
      <FilesTable
        page={list.page}
        loading={list.loading}
        selectedKeys={[...selected.keys()]}
        downloading={downloading}
        onSelect={select}
        onPage={list.goTo}
        onDownload={(file) => void download(file)}
        onPreview={setPreview}
        onEdit={(file) => setEditing((current) => ({ key: (current?.key ?? 0) + 1, open: true, file }))}
        onShare={setSharing}
        onDelete={confirmDelete}
      />
      <UploadModal
        open={uploading}
        onUploaded={({ files }) => {
          void message.success(files.length === 1 ? `“${files[0].fileName}”上传成功` : '上传成功');
          list.goTo(1);
        }}
        onClose={() => setUploading(false)}
      />
      <FilePreview file={preview} onClose={() => setPreview(null)} />
      {editing && (
        <FileEditDrawer
          key={editing.key}
          open={editing.open}
          file={editing.file}
          fileTypes={fileTypes}
          onClose={() => setEditing((current) => current && { ...current, open: false })}
          afterClose={() => setEditing((current) => (current && !current.open ? null : current))}
          onSaved={list.reload}
        />
      )}
      <ShareModal file={sharing} onClose={() => setSharing(null)} />
    </Card>
  );
}
