import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import { aria, launchFirefox, openFirefoxExtensionPage } from './support/firefox';
import { SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

/** Waits until the text of the page contains `text`. */
async function waitForText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((wanted) => document.body?.innerText.includes(wanted), { timeout }, text);
}

// Firefox ESR, driven by puppeteer-core over WebDriver BiDi, with the Firefox build installed.
test.describe('Firefox ESR', () => {
  let browser: Browser;
  let sandbox: RunningSandbox;

  test.beforeAll(async () => {
    browser = await launchFirefox();
    sandbox = await startSandbox({ seed: true });
  });

  test.afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  test('installs the add-on and renders its options page', async () => {
    const page = await openFirefoxExtensionPage(browser, 'options.html');
    const heading = await page.waitForSelector('h1', { timeout: scaled(15_000) });
    expect(await heading?.evaluate((h) => h.textContent)).toBe('Debate Companion options');
    await page.close();
  });

  test('main flow: set and check the key, read the timeline in the sidebar page, post, see it land', async () => {
    test.setTimeout(scaled(90_000));
    const control = new SandboxClient(sandbox.baseUrl);

    // Options: base URL and key, saved; the key checked against the platform.
    const options = await openFirefoxExtensionPage(browser, 'options.html');
    const baseUrl = await options.waitForSelector(aria('textbox', 'API base URL'), { timeout: scaled(15_000) });
    await baseUrl?.click({ count: 3 });
    await baseUrl?.type(sandbox.baseUrl);
    // A password field has no ARIA role (Firefox exposes none): found by its name alone.
    await (await options.waitForSelector('::-p-aria(API key)'))?.type(sandbox.testKey);
    await (await options.waitForSelector(aria('button', 'Save')))?.click();
    await waitForText(options, 'Saved.');
    await waitForText(options, `ending in ${sandbox.testKey.slice(-4)}`);
    await (await options.waitForSelector(aria('button', 'Check key')))?.click();
    await waitForText(options, 'The key works: it acts for Dana Demo.');
    await waitForText(options, 'Account: Dana Demo (@demo)');
    expect(await options.content()).not.toContain(sandbox.testKey);

    // The sidebar's page: the timeline's posts are there.
    const panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    await panel.waitForSelector('article', { timeout: scaled(20_000) });
    expect((await panel.$$('article')).length).toBeGreaterThan(3);

    // Post from the composer; it lands on the platform, once.
    const body = `Posted from Firefox ESR ${Date.now().toString(36)}: the ferry runs until 23:00.`;
    await (await panel.waitForSelector(aria('textbox', 'New post')))?.type(body);
    await (await panel.waitForSelector(aria('button', 'Post')))?.click();
    await expect
      .poll(
        async () => (await control.postsOf(sandbox.testKey, sandbox.account)).filter((p) => p.body === body).length,
        {
          timeout: scaled(20_000),
        },
      )
      .toBe(1);

    // The Outbox shows it as sent.
    await (await panel.waitForSelector(aria('tab', 'Outbox')))?.click();
    await waitForText(panel, 'Sent at');
    await waitForText(panel, body.slice(0, 40));
    await panel.close();
    await options.close();
  });
});
