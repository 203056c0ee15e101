import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import { extensionOf } from './file-rules';

const KINDS: Record<string, { Icon: ComponentType<{ style?: CSSProperties; 'aria-label'?: string }>; color: string }> = {
  pdf: { Icon: FilePdfOutlined, color: '#e5403a' },
  doc: { Icon: FileWordOutlined, color: '#2b79ea' },
  docx: { Icon: FileWordOutlined, color: '#2b79ea' },
  wps: { Icon: FileWordOutlined, color: '#2b79ea' },
  xls: { Icon: FileExcelOutlined, color: '#1d9b5a' },
  xlsx: { Icon: FileExcelOutlined, color: '#1d9b5a' },
  ppt: { Icon: FilePptOutlined, color: '#e8743b' },
  pptx: { Icon: FilePptOutlined, color: '#e8743b' },
  jpg: { Icon: FileImageOutlined, color: '#8c5ad8' },
  jpeg: { Icon: FileImageOutlined, color: '#8c5ad8' },
  png: { Icon: FileImageOutlined, color: '#8c5ad8' },
  gif: { Icon: FileImageOutlined, color: '#8c5ad8' },
  zip: { Icon: FileZipOutlined, color: '#b8860b' },
  rar: { Icon: FileZipOutlined, color: '#b8860b' },
  txt: { Icon: FileTextOutlined, color: '#69707a' },
};

/** The icon of a file's kind, by its type (extension) or its name. */
export function FileTypeIcon({ type, name, style }: { type?: string | null; name?: string; style?: CSSProperties }) {
  const ext = (type || (name ? extensionOf(name) : '')).toLowerCase();
  const kind = KINDS[ext] ?? { Icon: FileOutlined, color: '#8c8c8c' };
  return <kind.Icon aria-label={ext || 'file'} style={{ color: kind.color, fontSize: 16, ...style }} />;
}
