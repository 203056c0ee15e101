import { useEffect, useRef, type RefObject } from 'react';

/** What counts as a way out of the page in the shell: menu items, tabs and links outside the page's own area. */
export const LEAVING_SELECTOR = '.ant-menu-item, .ant-tabs-tab, a[href]';

/**
 * While `dirty`, a click on a way out of the page (top menu, sidebar, tab strip, a link) outside `area` is held and
 * `ask(proceed)` is called; `proceed()` replays the click. Closing the tab or reloading asks the browser's question.
 * (The router here is a BrowserRouter, which has no navigation blocker.)
 */
export function useLeaveGuard(dirty: boolean, area: RefObject<HTMLElement | null>, ask: (proceed: () => void) => void): void {
  const latest = useRef(ask);
  useEffect(() => {
    latest.current = ask;
  });
  useEffect(() => {
    if (!dirty) return;
    let replaying = false;
    const onClick = (event: MouseEvent) => {
      if (replaying) return;
      const target = event.target instanceof Element ? event.target.closest(LEAVING_SELECTOR) : null;
      if (!target || area.current?.contains(target) || target.closest('.ant-modal-root, .ant-dropdown, .ant-select-dropdown')) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current(() => {
        replaying = true;
        (target as HTMLElement).click();
        replaying = false;
      });
    };
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, area]);
}
