import { useMemo } from 'react';
import { buildUrl } from '../../api/request';

/**
 * A server address with csrf parameters, made once per address: the parameters carry the time, so making them on
 * every render would change an <img src> and load the picture again each time.
 */
export function useServerUrl(url: string | null | undefined): string | undefined {
  return useMemo(() => (url ? buildUrl(url) : undefined), [url]);
}
