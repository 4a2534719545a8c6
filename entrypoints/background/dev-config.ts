import { identityItem } from '@/lib/storage/identity';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import type { BackgroundServices } from './services';

/**
 * Development builds made by `npm start` come up configured against the local sandbox: its base URL
 * and test key are handed over at build time. Production builds drop this code (the mode check is
 * static) and ship with no key. Never overwrites what the user set.
 */
export async function applyDevConfig(services: BackgroundServices): Promise<void> {
  if (import.meta.env.MODE !== 'development') return;
  const baseUrl = import.meta.env.WXT_DEV_API_BASE_URL;
  const key = import.meta.env.WXT_DEV_API_KEY;
  if (!baseUrl || !key) return;
  if ((await readSettings()).baseUrl === '') await updateSettings({ baseUrl });
  if ((await services.vault.read()) === undefined) await services.vault.save(key, new URL(baseUrl).origin);
  // Check the key once, so the popup shows the account at first sight (and the sandbox's log shows
  // the extension came up configured: `npm start`'s test waits for this request).
  if ((await identityItem.getValue()) === null) await services.checkKey().catch(() => undefined);
}
