import { Button, Empty, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { Key } from 'react';
import type { DocFile } from '../../../../api/files';
import type { Page } from '../../../../api/types';
import { canPreview } from '../../../../components/attachments/file-preview';
import { FileTypeIcon } from '../../../../components/upload/file-icon';
import { FILE_MESSAGES, formatFileSize } from '../../../../components/upload/file-rules';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { UNKNOWN, formatDateTime } from '../../../../utils/formatters';
import { PAGINATION_DEFAULTS } from '../../../../utils/pagination';
import { PAGE_SIZE } from '../hooks';
import styles from '../files.module.css';

/** 上传时间 as every time shows (yyyy-MM-dd HH:mm:ss); 未知 for nothing, a text that is no time as it is. */
export function formatUploadTime(value: string | null | undefined): string {
  return value ? formatDateTime(value, value) : UNKNOWN;
}

const NOT_MINE = '只能修改自己上传的文件';
const muted = (text: string) => <span className={styles.muted}>{text}</span>;

interface FilesTableProps {
  page: Page<DocFile> | null;
  loading: boolean;
  selectedKeys: Key[];
  /** the file whose download is under way */
  downloading: string | null;
  onSelect(keys: Key[], rows: (DocFile | undefined)[]): void;
  onPage(pageNum: number): void;
  onDownload(file: DocFile): void;
  onPreview(file: DocFile): void;
  onEdit(file: DocFile): void;
  onShare(file: DocFile): void;
  onDelete(file: DocFile): void;
}

/** My files and the files shared with me, one page, with row selection for 批量下载. */
export function FilesTable({ page, loading, selectedKeys, downloading, onSelect, onPage, onDownload, onPreview, onEdit, onShare, onDelete }: FilesTableProps) {
  const columns: TableColumnsType<DocFile> = [
    {
      title: '文件名',
      dataIndex: 'fileName',
      ellipsis: true,
      render: (_v, file) => (
        <span className={styles.nameCell}>
          <FileTypeIcon type={file.fileType} name={file.fileName} />
          <Typography.Text ellipsis={{ tooltip: file.fileName }} className={styles.name}>
            {file.fileName}
          </Typography.Text>
          {!file.mine && (
            <Tag color="blue" className={styles.sharedTag}>
              共享
            </Tag>
          )}
        </span>
      ),
    },
    { title: '类型', dataIndex: 'lxmc', width: 104, ellipsis: true, render: (_v, file) => file.lxmc || muted(UNKNOWN) },
    { title: '大小', dataIndex: 'size', width: 88, render: (_v, file) => formatFileSize(file.size) },
    { title: '上传人', dataIndex: 'uploaderName', width: 76, ellipsis: true, render: (_v, file) => file.uploaderName || muted(UNKNOWN) },
    { title: '上传时间', dataIndex: 'createTime', width: 138, render: (_v, file) => formatUploadTime(file.createTime) },
    { title: '有效期', dataIndex: 'yxqx', width: 98, render: (_v, file) => file.yxqx || muted('—') },
    {
      title: '备注',
      dataIndex: 'bz',
      width: 100,
      ellipsis: { showTitle: false },
      render: (_v, file) =>
        file.bz ? (
          <Tooltip title={file.bz} placement="topLeft">
            {file.bz}
          </Tooltip>
        ) : (
          muted('—')
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 208,
      render: (_v, file) => {
        const previewable = canPreview(file);
        return (
          <Space size={0} className={styles.actions}>
            <Button type="link" size="small" loading={downloading === file.fileId} onClick={() => onDownload(file)}>
              下载
            </Button>
            <Tooltip title={previewable ? undefined : FILE_MESSAGES.noPreview}>
              <Button type="link" size="small" disabled={!previewable} onClick={() => onPreview(file)}>
                预览
              </Button>
            </Tooltip>
            <Tooltip title={file.mine ? undefined : NOT_MINE}>
              <Button type="link" size="small" disabled={!file.mine} onClick={() => onEdit(file)}>
                编辑
              </Button>
            </Tooltip>
            <Tooltip title={file.mine ? undefined : NOT_MINE}>
              <Button type="link" size="small" disabled={!file.mine} onClick={() => onShare(file)}>
                共享
              </Button>
            </Tooltip>
            <Tooltip title={file.mine ? undefined : NOT_MINE}>
              <Button type="link" size="small" danger disabled={!file.mine} onClick={() => onDelete(file)}>
                删除
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <Table<DocFile>
      aria-label="文件列表"
      rowKey="fileId"
      size="middle"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      rowSelection={{ selectedRowKeys: selectedKeys, preserveSelectedRowKeys: true, onChange: onSelect }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
      pagination={{
        ...PAGINATION_DEFAULTS,
        current: page?.current ?? 1,
        pageSize: PAGE_SIZE,
        total: page?.total ?? 0,
        onChange: onPage,
      }}
    />
  );
}
