import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Space, Spin, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { getAttachments, type Attachment, type AttachmentOwner } from '../../api/files';
import { useRequest } from '../../hooks/use-request';
import { EMPTY_TEXT } from '../../utils/constants';
import { FileTypeIcon } from '../upload/file-icon';
import { FILE_MESSAGES, formatFileSize } from '../upload/file-rules';
import { saveFile, saveZip } from './downloads';
import { FilePreview, canPreview, type PreviewTarget } from './file-preview';
import { groupByStage } from './stages';
import styles from './attachments.module.css';

export interface StageDownloadModalProps {
  open: boolean;
  onClose(): void;
  owner: AttachmentOwner;
  /** the point's name: a group's zip is '{name}{group}支撑附件.zip' */
  pointName: string;
  /** the attachments when the caller has them; otherwise they are loaded */
  attachments?: Attachment[];
}

const NO_ATTACHMENTS: Attachment[] = [];

/**
 * The file download modal of the point detail panel (001 §2): the attachments grouped by stage under
 * 目标标准, 监测预警, 自我诊断 and 总结改进, each group downloadable as one zip, each file on its own.
 */
export function StageDownloadModal({ open, onClose, owner, pointName, attachments }: StageDownloadModalProps) {
  const [zipping, setZipping] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const { zgzkdid, objTaskId } = owner;
  // each opening asks afresh, unless the caller has the attachments
  const request = useRequest(open && !attachments ? () => getAttachments({ zgzkdid, objTaskId }) : null, `${zgzkdid}/${objTaskId}`, { keepPrevious: false });
  const loaded = request.data ?? (request.failed ? NO_ATTACHMENTS : null);

  const items = attachments ?? loaded;
  const groups = useMemo(() => groupByStage(items ?? []), [items]);

  const downloadGroup = async (key: string, name: string, files: Attachment[]) => {
    setZipping(key);
    try {
      await saveZip(files, `${pointName}${name}`);
    } catch {
      // shown by the request layer
    } finally {
      setZipping(null);
    }
  };

  return (
    <>
      <Modal open={open} title={`${pointName} 文件下载`} width={720} onCancel={onClose} footer={null} destroyOnHidden>
        <Spin spinning={!items}>
          <div className={styles.groups}>
            {groups.map((group) => (
              <section key={group.key} className={styles.group} aria-label={group.name}>
                <div className={styles.groupHead}>
                  <Typography.Text strong>
                    {group.name}
                    <span className={styles.count}>（{group.items.length}）</span>
                  </Typography.Text>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    disabled={group.items.length === 0}
                    loading={zipping === group.key}
                    onClick={() => void downloadGroup(group.key, group.name, group.items)}
                  >
                    下载本组
                  </Button>
                </div>
                {group.items.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} className={styles.empty} />
                ) : (
                  <ul className={styles.files}>
                    {group.items.map((item) => (
                      <li key={item.id} className={styles.file}>
                        <FileTypeIcon type={item.fileType} name={item.fileName} />
                        <Typography.Text ellipsis={{ tooltip: item.fileName }} className={styles.fileName}>
                          {item.fileName}
                        </Typography.Text>
                        <span className={styles.size}>{formatFileSize(item.size)}</span>
                        <Space size={0}>
                          <Button type="link" size="small" onClick={() => void saveFile(item).catch(() => undefined)}>
                            下载
                          </Button>
                          <Tooltip title={canPreview(item) ? undefined : FILE_MESSAGES.noPreview}>
                            <Button type="link" size="small" disabled={!canPreview(item)} onClick={() => setPreview(item)}>
                              预览
                            </Button>
                          </Tooltip>
                        </Space>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </Spin>
      </Modal>
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </>
  );
}
