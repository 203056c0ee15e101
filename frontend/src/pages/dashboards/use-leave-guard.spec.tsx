/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useLeaveGuard } from './use-leave-guard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
let menuItem: HTMLLIElement;
let clicked: number;

function Page({ dirty, ask }: { dirty: boolean; ask(proceed: () => void): void }) {
  const area = useRef<HTMLDivElement>(null);
  useLeaveGuard(dirty, area, ask);
  return (
    <div ref={area}>
      <a href="#inside" data-testid="inside">
        inside
      </a>
    </div>
  );
}

beforeEach(() => {
  clicked = 0;
  menuItem = document.createElement('li');
  menuItem.className = 'ant-menu-item';
  menuItem.innerHTML = '<span>首页</span>';
  menuItem.addEventListener('click', () => (clicked += 1));
  document.body.appendChild(menuItem);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('useLeaveGuard', () => {
  it('holds a click on a menu item outside the page while dirty and replays it on proceed', () => {
    const asks: (() => void)[] = [];
    act(() => root.render(<Page dirty ask={(proceed) => asks.push(proceed)} />));
    (menuItem.firstChild as HTMLElement).click();
    expect(asks).toHaveLength(1);
    expect(clicked).toBe(0);
    asks[0]();
    expect(clicked).toBe(1);
    expect(asks).toHaveLength(1);
  });

  it('lets clicks inside the page through, and everything through when clean', () => {
    const ask = jest.fn();
    act(() => root.render(<Page dirty ask={ask} />));
    (host.querySelector('[data-testid="inside"]') as HTMLElement).click();
    expect(ask).not.toHaveBeenCalled();
    act(() => root.render(<Page dirty={false} ask={ask} />));
    menuItem.click();
    expect(ask).not.toHaveBeenCalled();
    expect(clicked).toBe(1);
  });
});
