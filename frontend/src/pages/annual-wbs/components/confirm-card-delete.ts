import type { App } from 'antd';
import { confirmDelete } from '../../../components/confirm-delete';

type Modal = ReturnType<typeof App.useApp>['modal'];

/** 删除 of a card after a confirmation naming it; the last card of a page goes back one page instead of leaving an empty one. */
export function confirmCardDelete(
  modal: Modal,
  { title, content, remove, lastOfPage, backOnePage, reload }: { title: string; content: string; remove: () => Promise<unknown>; lastOfPage: boolean; backOnePage: () => void; reload: () => void },
): void {
  confirmDelete(modal, { title, content, remove, then: lastOfPage ? backOnePage : reload });
}
