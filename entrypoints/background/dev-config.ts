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
  // The sandbox becomes the first account, only while there is none.
  if ((await services.accounts.book()).accounts.length > 0) return;
  const account = await services.accounts.add({ baseUrl, key });
  // Check the key once, so the popup shows the account at first sight (and the sandbox's log shows
  // the extension came up configured: `npm start`'s test waits for this request).
  await services.checkKey(account.id).catch(() => undefined);
}
