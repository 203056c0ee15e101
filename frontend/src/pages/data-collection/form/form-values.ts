// 表单管理's pure helpers: the directory picked in the tree, and the state a form shows.
import { PUBLISH_STATE_LABELS, type FormDirectoryNode, type FormSummary } from '@zhengai/contracts';

/** The directory of that id anywhere in the tree, or null (none picked, or it is gone). */
export function findDirectory(nodes: readonly FormDirectoryNode[], id: string | null): FormDirectoryNode | null {
  if (!id) return null;
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findDirectory(n.children, id);
    if (inner) return inner;
  }
  return null;
}

/** 已发布 v2, or 未发布 before the first publish. */
export function publishStateText(form: Pick<FormSummary, 'version' | 'publishState'>): string {
  return form.version > 0 ? `${PUBLISH_STATE_LABELS.published} v${form.version}` : PUBLISH_STATE_LABELS.unpublished;
}
