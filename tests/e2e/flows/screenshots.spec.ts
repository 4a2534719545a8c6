import { SCENE, stageOutboxScene } from '../driver/outbox-scene';
import { screenshotSchemes } from '../driver/screenshots';
import { test } from '../driver/test';
import { fill, find, role, waitForText } from '../driver/ui';
import { OutboxScreen } from '../screens/outbox';
import { SidePanelScreen } from '../screens/side-panel';
import { scaled } from '../support/time';

// The README's pictures, each browser's side by side in test-results/screenshots: a seeded sandbox
// and an Outbox with a few states (sent, uncertain, failed, waiting for the rate limit, queued), as
// a user of the demo account sees them, in light and dark.
test('screenshots of the side panel, popup and options page, light and dark', async ({ ext, control }) => {
  test.setTimeout(scaled(120_000));
  await stageOutboxScene(ext, control);

  const panel = await SidePanelScreen.open(ext);
  await ext.setViewport(panel.page, { width: 380, height: 760 });
  await panel.firstArticle();
  await waitForText(panel.page, 'Writes resume in', { selector: OutboxScreen.banner });
  await screenshotSchemes(ext, panel.page, 'sidepanel');
  // Tall enough for every group of the Outbox.
  await ext.setViewport(panel.page, { width: 380, height: 1150 });
  const outbox = new OutboxScreen(panel.page);
  await outbox.open();
  await outbox.item(SCENE.reply, /Uncertain/);
  await screenshotSchemes(ext, panel.page, 'sidepanel-outbox');

  const popup = await ext.open('popup.html');
  // The popup's own width (22rem); tall enough that no scroll bar takes from it.
  await ext.setViewport(popup, { width: 330, height: 600 });
  await waitForText(popup, /Signed in as /);
  await fill(popup, role('textbox', 'Quick post'), 'Turnout at the Riverside hearing was the highest since 2019.');
  await screenshotSchemes(ext, popup, 'popup', { fullPage: true });

  const options = await ext.open('options.html');
  await ext.setViewport(options, { width: 760, height: 900 });
  await find(options, role('heading', /^Account:/));
  await waitForText(options, 'Alt+Shift+D', { selector: 'kbd' });
  await screenshotSchemes(ext, options, 'options', { fullPage: true });
});
