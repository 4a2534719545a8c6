import type { Page } from '@playwright/test';
import { startSandbox } from '../../sandbox/server';
import { expect, test } from './fixtures';
import { OutboxPage } from './pages/outbox-page';
import { SCENE, stageOutboxScene } from './support/outbox-scene';
import { scaled } from './support/time';

const DIR = 'test-results/screenshots';
const SCHEMES = ['light', 'dark'] as const;

/** Takes the page in light and dark mode: `${DIR}/${name}-{light,dark}.png`. */
async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  // No hover or caret in the pictures.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${DIR}/${name}-${colorScheme}.png`, ...options });
  }
}

// The README's pictures: a seeded sandbox and an Outbox with a few states (sent, uncertain, failed,
// waiting for the rate limit, queued), as a user of the demo account would see them.
test('screenshots of the side panel, popup and options page, light and dark', async ({ extensionPage }) => {
  test.setTimeout(scaled(120_000));
  const sandbox = await startSandbox({ seed: true });
  try {
    const setup = await extensionPage('options.html');
    await stageOutboxScene(setup, sandbox);
    await setup.close();

    const panel = await extensionPage('sidepanel.html');
    await panel.setViewportSize({ width: 380, height: 760 });
    await expect(panel.getByRole('feed', { name: 'Public timeline' }).getByRole('article').first()).toBeVisible();
    await expect(panel.locator('.pause-banner')).toContainText('Writes resume in');
    await shoot(panel, 'sidepanel');
    // Tall enough for every group of the Outbox.
    await panel.setViewportSize({ width: 380, height: 1150 });
    const outbox = new OutboxPage(panel);
    await outbox.open();
    await expect(outbox.item(SCENE.reply)).toContainText('Uncertain');
    await shoot(panel, 'sidepanel-outbox');

    const popup = await extensionPage('popup.html');
    await popup.setViewportSize({ width: 330, height: 200 });
    await expect(popup.getByText(/^Signed in as /)).toBeVisible();
    await popup
      .getByRole('textbox', { name: 'Quick post' })
      .fill('Turnout at the Riverside hearing was the highest since 2019.');
    await shoot(popup, 'popup', { fullPage: true });

    const options = await extensionPage('options.html');
    await options.setViewportSize({ width: 760, height: 900 });
    await expect(options.getByRole('heading', { name: /^Account:/ })).toBeVisible();
    await expect(options.getByRole('region', { name: 'Keyboard shortcut', exact: true }).locator('kbd')).toHaveText(
      'Alt+Shift+D',
    );
    await shoot(options, 'options', { fullPage: true });
  } finally {
    await sandbox.close();
  }
});
