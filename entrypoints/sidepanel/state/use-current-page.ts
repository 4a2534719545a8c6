import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { usePermission } from '@/lib/ui/use-permission';

/** The optional permission that lets the panel read the active tab's address. */
const TABS = { permissions: ['tabs' as const] };

/**
 * Whether the optional `tabs` permission is granted (undefined while asking the browser), and
 * `ask`, which must run from a click (the browser shows its prompt). Follows grants and removals
 * made elsewhere (the browser's extension settings).
 */
export function useTabsPermission(): { granted: boolean | undefined; ask: () => Promise<boolean> } {
  const { granted, request } = usePermission(TABS);
  return { granted, ask: request };
}

/**
 * The address of the tab beside the panel: the active tab of the panel's window, never the panel's
 * own tab (when it is opened as a page). `null` when that tab shows no http(s) page; undefined
 * until known. Follows tab switches and navigations while `enabled` (the `tabs` permission held).
 * The address stays in this page and is sent only to the background (getPagePosts).
 */
export function useCurrentPage(enabled: boolean): string | null | undefined {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // Reads overlap when the tabs change quickly, and may answer out of order: only the latest
    // one's answer is taken, so an older read never puts back the tab the user has left.
    let latest = 0;
    const read = async (): Promise<string | null> => {
      const [own, window] = await Promise.all([browser.tabs.getCurrent(), browser.windows.getCurrent()]);
      const [tab] = await browser.tabs.query({ active: true, windowId: window.id });
      const address = tab === undefined || tab.id === own?.id ? undefined : tab.url;
      return address !== undefined && /^https?:/i.test(address) ? address : null;
    };
    const update = () => {
      const turn = ++latest;
      const take = (address: string | null) => {
        if (live && turn === latest) setUrl(address);
      };
      read().then(take, () => take(null));
    };
    const onUpdated = (_id: number, change: { url?: string; status?: string }, tab: { active?: boolean }) => {
      if (tab.active === true && (change.url !== undefined || change.status === 'complete')) update();
    };
    update();
    browser.tabs.onActivated.addListener(update);
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => {
      live = false;
      browser.tabs.onActivated.removeListener(update);
      browser.tabs.onUpdated.removeListener(onUpdated);
    };
  }, [enabled]);
  return enabled ? url : undefined;
}
