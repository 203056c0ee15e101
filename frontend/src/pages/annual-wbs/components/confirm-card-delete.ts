import type { App } from 'antd';

type Modal = ReturnType<typeof App.useApp>['modal'];

/**
 * 删除 of a card after a confirmation naming it. A refusal is shown by the request layer and changes nothing; the last
 * card of a page goes back one page instead of leaving an empty one, otherwise the list reloads.
 */
export function confirmCardDelete(
  modal: Modal,
  { title, content, remove, lastOfPage, backOnePage, reload }: { title: string; content: string; remove: () => Promise<unknown>; lastOfPage: boolean; backOnePage: () => void; reload: () => void },
): void {
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
      if (lastOfPage) backOnePage();
      else reload();
    },
  });
}
