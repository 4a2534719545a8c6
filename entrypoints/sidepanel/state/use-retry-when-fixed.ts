import { useEffect, useRef } from 'preact/hooks';
import type { Status } from '@/lib/ui/page-store';

/**
 * Loads the first page again when what made it fail may be mended: the browser is back online, or
 * an address or key (or another key) was saved. The first status is not such a change: the failed
 * load asked with the settings it tells, unless it shows an address and a key (saved since the load
 * failed for want of them, maybe). Loading again then would only draw the same error anew, and move
 * what the user was about to click.
 */
export function useRetryWhenFixed(
  status: Status | undefined,
  online: boolean,
  failed: boolean,
  loadFirst: () => void,
): void {
  const keyId = status === undefined ? undefined : `${status.baseUrl}|${status.key.set}|${status.key.last4}`;
  const configured = status !== undefined && status.baseUrl !== '' && status.key.set;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = seen.current;
    seen.current = keyId;
    const firstStatus = before === undefined && keyId !== undefined;
    if (online && failed && (configured || !firstStatus)) loadFirst();
  }, [online, keyId]);
}
