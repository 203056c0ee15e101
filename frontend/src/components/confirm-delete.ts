import type { App } from 'antd';

type Modal = ReturnType<typeof App.useApp>['modal'];

/**
 * 删除 after a confirmation naming what goes. A refusal is shown by the request layer and changes nothing (the
 * confirmation closes); after a deletion, `then` (reload the list, go back, say so).
 */
export function confirmDelete(modal: Modal, { title, content, remove, then }: { title: string; content: string; remove: () => Promise<unknown>; then: () => void }): void {
  modal.confirm({
    title,
    content,
    okText: '删除',
    okButtonProps: { danger: true },
    cancelText: '取消',
    onOk: async () => {
      try {
        await remove();
      } catch {
        return;
      }
      then();
    },
  });
}
