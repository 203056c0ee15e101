import { MENU_ADDRESS } from '@zhengai/contracts';

/** A menu entry as the address screen sees it. */
export interface MenuAddressRow {
  key: string;
  name: string;
  path: string;
  component: string | null;
  externalUrl: string | null;
  /** a top menu entry (no parent) */
  topLevel: boolean;
}

/** The page of entries whose area is built elsewhere (other systems: 绩效考核 …). */
export const PLACEHOLDER_COMPONENT = 'Placeholder';

/**
 * Entries that may open an outside address: top menu entries whose page is not built here (the areas of other
 * systems: 绩效考核 …), and any that has one already. Built pages and the platform's own
 * sub-pages keep theirs, so an address cannot hide 菜单地址 itself or another working screen.
 */
export function mayHaveAddress(row: Pick<MenuAddressRow, 'component' | 'externalUrl' | 'topLevel'>): boolean {
  return (row.topLevel && row.component === PLACEHOLDER_COMPONENT) || !!row.externalUrl;
}

/**
 * The address to store (null clears it) or the refusal's text: an http(s) URL of at most 500 characters, no spaces;
 * javascript:, data: and relative addresses are refused (the iframe would run them in the platform's own origin).
 */
export function cleanMenuAddress(value: string | null | undefined): { url: string | null } | { problem: string } {
  const text = (value ?? '').trim();
  if (!text) return { url: null };
  if (text.length > MENU_ADDRESS.max) return { problem: MENU_ADDRESS.tooLong };
  if (!MENU_ADDRESS.pattern.test(text)) return { problem: MENU_ADDRESS.invalid };
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: MENU_ADDRESS.invalid };
  } catch {
    return { problem: MENU_ADDRESS.invalid };
  }
  return { url: text };
}
