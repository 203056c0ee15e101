// The browser's check of a menu entry's outside address; the server checks it again (org/domain/menu-address.ts).
import { MENU_ADDRESS } from '@zhengai/contracts';

/** The refusal's text for an address, or null when it may be saved ('' clears the address). */
export function menuAddressProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (text.length > MENU_ADDRESS.max) return MENU_ADDRESS.tooLong;
  if (!MENU_ADDRESS.pattern.test(text)) return MENU_ADDRESS.invalid;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : MENU_ADDRESS.invalid;
  } catch {
    return MENU_ADDRESS.invalid;
  }
}
