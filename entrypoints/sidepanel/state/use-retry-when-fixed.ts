import { useEffect, useRef } from 'preact/hooks';
import type { Status } from '@/lib/ui/page-store';

/**
 * Loads the first page again when what made it fail may be mended: the browser is back online, or
 * an address or key (or another key) was saved. The first status is not such a change: it tells
 * the settings the failed load asked with, and loading again would only draw the same error anew,
 * moving what the user was about to click. (A key saved in the moment between the load and the
 * first status is the one case it misses: the error then offers "Try again".)
 */
export function useRetryWhenFixed(
  status: Status | undefined,
  online: boolean,
  failed: boolean,
  loadFirst: () => void,
): void {
  const keyId = status === undefined ? undefined : `${status.baseUrl}|${status.key.set}|${status.key.last4}`;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    const firstStatus = seen.current === undefined && keyId !== undefined;
    seen.current = keyId;
    if (online && failed && !firstStatus) loadFirst();
  }, [online, keyId]);
}
