import { useCallback, useState } from 'react';
import { getFileTypes, getMyFiles, type DocFile, type FileType } from '../../../api/files';
import type { Page } from '../../../api/types';
import { useRequest } from '../../../hooks/use-request';

/** Rows a page (000 §9: the default page size). */
export const PAGE_SIZE = 10;

interface Request {
  fileName: string;
  pageNum: number;
  /** bumped to load the same page again */
  nonce: number;
}

export interface FileList {
  page: Page<DocFile> | null;
  loading: boolean;
  fileName: string;
  search(fileName: string): void;
  goTo(pageNum: number): void;
  reload(): void;
}

async function loadPage(request: Request): Promise<Page<DocFile>> {
  const ask = (pageNum: number) => getMyFiles({ pageNum, pageSize: PAGE_SIZE, fileName: request.fileName });
  const first = await ask(request.pageNum);
  // the last row of the last page was deleted: show the page before it
  return !first.records.length && request.pageNum > 1 && first.total > 0 ? ask(Math.ceil(first.total / PAGE_SIZE)) : first;
}

/** One page of my files and the files shared with me, searched by name. */
export function useFileList(): FileList {
  const [request, setRequest] = useState<Request>({ fileName: '', pageNum: 1, nonce: 0 });
  const { data: page, loading } = useRequest(() => loadPage(request), JSON.stringify(request));

  const change = useCallback((next: (current: Request) => Omit<Request, 'nonce'>) => {
    setRequest((current) => ({ ...next(current), nonce: current.nonce + 1 }));
  }, []);

  return {
    page,
    loading,
    fileName: request.fileName,
    search: useCallback((fileName: string) => change(() => ({ fileName, pageNum: 1 })), [change]),
    goTo: useCallback((pageNum: number) => change((current) => ({ ...current, pageNum })), [change]),
    reload: useCallback(() => change((current) => current), [change]),
  };
}

const NO_TYPES: FileType[] = [];

/** The file types (001 §7 item 5), loaded once; empty when they cannot be loaded. */
export function useFileTypes(): FileType[] {
  return useRequest(getFileTypes, 'file-types').data?.records ?? NO_TYPES;
}
