import { Image, Modal } from 'antd';
import { filePreviewUrl } from '../../api/files';
import { isImage, isPreviewable } from '../upload/file-rules';

export interface PreviewTarget {
  fileId: string;
  fileName: string;
  /** the extension */
  fileType: string;
}

/** 000 §9: jpg, jpeg, png, gif and pdf can be previewed. */
export function canPreview(file: Pick<PreviewTarget, 'fileType' | 'fileName'>): boolean {
  return isPreviewable(file.fileType || file.fileName);
}

/**
 * The preview of one file (001 §7 item 9): a picture in antd's image preview, a PDF in a modal with an
 * <iframe> of the preview URL. Renders nothing when `file` is null.
 */
export function FilePreview({ file, onClose }: { file: PreviewTarget | null; onClose(): void }) {
  if (!file || !canPreview(file)) return null;
  const src = filePreviewUrl(file.fileId);
  if (isImage(file.fileType || file.fileName)) {
    return (
      <Image
        key={file.fileId}
        src={src}
        alt={file.fileName}
        style={{ display: 'none' }}
        preview={{ open: true, src, onOpenChange: (open) => !open && onClose() }}
      />
    );
  }
  return (
    <Modal open title={file.fileName} width="80%" footer={null} onCancel={onClose} centered destroyOnHidden styles={{ body: { height: '75vh' } }}>
      <iframe title={`预览 ${file.fileName}`} src={src} style={{ width: '100%', height: '100%', border: 0 }}>
        您的浏览器不支持 iframe 标签。
      </iframe>
    </Modal>
  );
}
