import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { extensionIdOf, launchChromium, recordHostGrant } from './chromium';

/**
 * Headless Chromium shows the extension permission prompt and never answers it (it neither
 * accepts nor denies; Playwright cannot reach browser UI). So the test does what accepting it
 * leaves behind: the profile records `<all_urls>` among the extension's granted permissions, as
 * Chrome writes it after the user clicks "Allow". The context is closed first and relaunched on the
 * same profile; then `permissions.request` for `<all_urls>` resolves true at once, and the options
 * page's toggle goes through its real code path.
 */
export async function relaunchWithAllSitesGranted(
  context: BrowserContext,
  userDataDir: string,
): Promise<BrowserContext> {
  const extensionId = await extensionIdOf(context);
  await context.close();
  const file = path.join(userDataDir, 'Default', 'Preferences');
  const preferences = JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof recordHostGrant>[0];
  if (preferences.extensions?.settings?.[extensionId] === undefined) {
    throw new Error(`No settings for ${extensionId} in the profile`);
  }
  recordHostGrant(preferences, extensionId, ['<all_urls>']);
  writeFileSync(file, JSON.stringify(preferences));
  return (await launchChromium({ userDataDir })).context;
}
