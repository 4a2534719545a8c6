import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import { aria, configureInOptions, launchFirefox, openFirefoxExtensionPage } from './support/firefox';
import {
  find,
  message,
  openOutbox,
  outboxCount,
  outboxItem,
  postFromPanel,
  replyTo,
  textOf,
  waitForMatch,
} from './support/firefox-ui';
import { USER_SCOPES } from './support/new-account';
import { earlySends, SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

// Firefox ESR (the MV2 build): the Outbox flows of outbox-ui.spec.ts, in the side panel's page
// opened as a tab. One browser for the file; each test saves a fresh sandbox account's key on the
// options page (the default account's key is replaced, as a user switching keys does).
test.describe('Firefox ESR: the Outbox', () => {
  let browser: Browser;
  let sandbox: RunningSandbox;
  let control: SandboxClient;
  let options: Page;

  test.beforeAll(async () => {
    [browser, sandbox] = await Promise.all([launchFirefox(), startSandbox({ seed: true })]);
    control = new SandboxClient(sandbox.baseUrl);
    options = await openFirefoxExtensionPage(browser, 'options.html');
  });

  test.afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  /** A fresh account with these scopes, its key saved on the options page. */
  async function freshAccount(scopes = USER_SCOPES) {
    const { key, account } = await control.newKey(scopes);
    await configureInOptions(options, sandbox.baseUrl, key, scaled(15_000));
    return { key, account };
  }

  test('a spent budget shows a live countdown; the writes land when it ends, once each, none early', async () => {
    test.setTimeout(scaled(90_000));
    const { key, account } = await freshAccount();
    await control.setBudget(account, 2, 8);
    const panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    await openOutbox(panel);
    // Queued one right after the other (as the composer does), fast enough that the wait is still
    // running when the test looks, however slow typing is on a busy machine.
    const bodies = [1, 2, 3, 4].map((n) => `Firefox budget test ${n}: the Line 4 timetable changes on Monday.`);
    for (const body of bodies) await message(panel, 'enqueueWrite', { kind: 'post', body });
    // The third write met the budget: the banner and the item count down to the time the platform named.
    await waitForMatch(panel, '.pause-banner', 'Writes resume in 0:0\\d');
    await outboxItem(panel, bodies[2] ?? '', 'The platform asked to wait: sends in 0:0\\d');
    // Live: the banner's time changes while the test watches.
    const before = await textOf(panel, '.pause-banner time');
    await panel.waitForFunction(
      (was) => (document.querySelector('.pause-banner time') as HTMLElement | null)?.innerText !== was,
      { timeout: scaled(5_000) },
      before,
    );
    expect(await textOf(panel, '#outbox-pending')).toMatch(/^Going out \(\d\)/);

    // When the wait ends every write goes out and shows as sent, with its id.
    await waitForMatch(panel, '#outbox-sent', '^Sent \\(4\\)', scaled(40_000));
    for (const body of bodies) await outboxItem(panel, body, 'Sent at .* as p_\\w+\\.');
    await panel.waitForFunction(
      () => (document.querySelector('.pause-banner') as HTMLElement | null)?.innerText === '',
      {
        timeout: scaled(10_000),
      },
    );

    expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual(bodies);
    const log = await control.writeLog(account);
    expect(earlySends(log)).toEqual([]);
    expect(log.filter((entry) => entry.status === 201)).toHaveLength(4);
    await panel.close();
  });

  test('a failed write is edited and resent, and only the edited text lands', async () => {
    test.setTimeout(scaled(60_000));
    // A key that may read but not write: the post fails with the scope named.
    const { account } = await freshAccount(['posts:read']);
    const panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    await postFromPanel(panel, 'Bus fares rise 5% in Januray.');
    await openOutbox(panel);
    const failed = await outboxItem(
      panel,
      'Bus fares rise',
      'The key may not do this: it lacks the scope “posts:write”\\.',
    );
    expect(await textOf(panel, '.outbox-group.group-attention')).toContain('Bus fares rise 5% in Januray.');

    // The user gets a key that may write, for the same account, and saves it.
    const { key: writer } = await control.newKey(USER_SCOPES, account);
    await configureInOptions(options, sandbox.baseUrl, writer, scaled(15_000));

    await (await find(failed, aria('button', 'Edit and resend'))).click();
    const editor = await find(panel, aria('textbox', 'Edited text'));
    expect(await editor.evaluate((box) => document.activeElement === box)).toBe(true);
    expect(await editor.evaluate((box) => (box as HTMLTextAreaElement).value)).toBe('Bus fares rise 5% in Januray.');
    await panel.keyboard.down('Control');
    await panel.keyboard.press('KeyA');
    await panel.keyboard.up('Control');
    await panel.keyboard.press('Backspace');
    await editor.type('Bus fares rise 5% in January.');
    await (await find(panel, aria('button', 'Resend'))).click();
    await outboxItem(panel, 'Bus fares rise 5% in January.', 'Sent at .* as p_\\w+\\.');
    expect(await outboxCount(panel, 'Bus fares rise 5% in Januray.')).toBe(0);
    expect((await control.postsOf(writer, account)).map((post) => post.body)).toEqual([
      'Bus fares rise 5% in January.',
    ]);
    await panel.close();
  });

  test('replies whose answer was lost are uncertain; the user sends one again and discards the other', async () => {
    test.setTimeout(scaled(60_000));
    const { account } = await freshAccount();
    // Until cleared, every reply is written, then the connection drops before the answer.
    await control.control('POST', '/faults', { dropAfterCommit: true, method: 'POST', path: '/v1/posts/' });
    try {
      const panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
      await panel.waitForSelector('article[data-post-id]', { timeout: scaled(20_000) });
      const [first, second] = await panel.$$('article[data-post-id]');
      if (first === undefined || second === undefined) throw new Error('The timeline has fewer than two posts');
      await replyTo(first, 'Reply one: the source is the 2025 council minutes.');
      await replyTo(second, 'Reply two: the study had 40 participants.');

      await openOutbox(panel);
      const one = await outboxItem(panel, 'Reply one', 'Uncertain');
      const two = await outboxItem(panel, 'Reply two', 'Uncertain');
      expect(await one.evaluate((li) => (li as HTMLElement).innerText)).toContain('may or may not have been published');
      await waitForMatch(panel, '#outbox-attention', '^Needs your decision \\(2\\)');
      await control.control('DELETE', '/faults');
      // Both did land: the platform committed them before the connection dropped.
      const count = async (prefix: string) =>
        (await control.commentsOf(account)).filter((body) => body.startsWith(prefix)).length;
      const landedOne = await count('Reply one');
      const landedTwo = await count('Reply two');
      expect(landedOne).toBeGreaterThanOrEqual(1);
      expect(landedTwo).toBeGreaterThanOrEqual(1);

      // "Discard": the item leaves the Outbox, nothing is sent, the focus goes to the Outbox heading.
      await (await find(two, aria('button', 'Discard'))).click();
      await panel.waitForFunction(
        () =>
          ![...document.querySelectorAll('li.outbox-entry')].some((li) => li.textContent?.includes('Reply two')) &&
          document.activeElement?.textContent === 'Outbox',
        { timeout: scaled(10_000) },
      );

      // "Send again": the user decided it is missing; it goes out again and shows as sent.
      await (await find(one, aria('button', 'Send again'))).click();
      await outboxItem(panel, 'Reply one', 'Sent at .* as c_\\w+\\.');
      expect(await count('Reply one')).toBe(landedOne + 1);
      expect(await count('Reply two')).toBe(landedTwo);
      await panel.close();
    } finally {
      await control.control('DELETE', '/faults');
    }
  });
});
