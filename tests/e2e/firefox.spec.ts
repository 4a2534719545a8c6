import { expect, test } from '@playwright/test';
import type { Browser } from 'puppeteer-core';
import { launchFirefox, openFirefoxExtensionPage } from './support/firefox';

// Firefox ESR, driven by puppeteer-core over WebDriver BiDi, with the Firefox build installed.
test.describe('Firefox ESR smoke', () => {
  let browser: Browser;

  test.beforeAll(async () => {
    browser = await launchFirefox();
  });

  test.afterAll(async () => {
    await browser?.close();
  });

  test('installs the add-on and renders its options page', async () => {
    const page = await openFirefoxExtensionPage(browser, 'options.html');
    const heading = await page.waitForSelector('h1', { timeout: 15_000 });
    expect(await heading?.evaluate((h) => h.textContent)).toBe('Debate Companion options');
  });
});
