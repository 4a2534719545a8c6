import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

/** An optional permission or host access the extension asks for at run time. */
export interface OptionalPermission {
  permissions?: ('notifications' | 'tabs')[];
  origins?: string[];
}

/** Host access to every site: what inline bars beyond the platform's own site need. */
export const ALL_SITES: OptionalPermission = { origins: ['<all_urls>'] };

/** Whether an optional permission is held, and the two ways to change that. */
export interface PermissionState {
  /** Undefined while the browser is asked. */
  granted: boolean | undefined;
  /** Asks the browser (call it first thing in a click: a prompt needs the user's gesture). */
  request: () => Promise<boolean>;
  /** Gives the permission back (least privilege once the feature is off). */
  remove: () => Promise<void>;
}

/**
 * Follows whether `wanted` is held, also when the user grants or removes it in the browser's own
 * settings. `wanted` must be the same object on every render (a module constant).
 */
export function usePermission(wanted: OptionalPermission): PermissionState {
  const [granted, setGranted] = useState<boolean>();
  useEffect(() => {
    let live = true;
    const refresh = () => {
      browser.permissions.contains(wanted).then(
        (held) => live && setGranted(held),
        () => live && setGranted(false),
      );
    };
    refresh();
    browser.permissions.onAdded?.addListener(refresh);
    browser.permissions.onRemoved?.addListener(refresh);
    return () => {
      live = false;
      browser.permissions.onAdded?.removeListener(refresh);
      browser.permissions.onRemoved?.removeListener(refresh);
    };
  }, [wanted]);
  const request = useCallback(async () => {
    const allowed = await browser.permissions.request(wanted).catch(() => false);
    setGranted(allowed);
    return allowed;
  }, [wanted]);
  const remove = useCallback(async () => {
    if (await browser.permissions.remove(wanted).catch(() => false)) setGranted(false);
  }, [wanted]);
  return { granted, request, remove };
}
