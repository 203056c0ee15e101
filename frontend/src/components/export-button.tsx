import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { BlobResult } from '../api/request';
import { saveBlob } from '../utils/download';

/**
 * 导出Excel beside a list's search (issue 35): asks the list's export route with the filters the list shows and saves
 * the workbook under the server's (Chinese) file name, `fallbackName` only when the answer names none.
 */
export function ExportButton({ run, fallbackName, disabled }: { run(): Promise<BlobResult>; fallbackName: string; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await run();
      saveBlob(file.blob, file.fileName ?? fallbackName);
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void download()}>
      导出Excel
    </Button>
  );
}
