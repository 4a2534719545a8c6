import { expect, test } from './fixtures';
import { OutboxPage } from './pages/outbox-page';
import { SidePanelPage } from './pages/sidepanel-page';
import { call, listOutbox } from './support/extension-client';
import { newAccountConfigured } from './support/new-account';

// Chromium may re-send a POST by itself below fetch (a kept-alive connection closed before any answer
// byte): the platform then holds two copies. Here the sandbox is made to hold two inserts of one post,
// as it would after such a resend; the Outbox says so as soon as the panel reads the timeline.
test('a post the platform holds twice says "Published twice" with both copies; one held once never does', async ({
  sandbox,
  extensionPage,
}) => {
  const { control, key, account, options } = await newAccountConfigured(sandbox, extensionPage);
  await call(options.page, 'checkKey');

  const twice = 'Ferry fares drop 10% on Sundays from June (harbour board minutes, item 4).';
  const once = 'The harbour board meets again on 3 June; the agenda is public.';
  await call(options.page, 'enqueueWrite', { kind: 'post', body: twice });
  await call(options.page, 'enqueueWrite', { kind: 'post', body: once });
  await expect
    .poll(async () => (await listOutbox(options.page)).map((item) => item.state.status))
    .toEqual(['sent', 'sent']);
  const sent = (await listOutbox(options.page)).find((item) => item.request.body === twice);
  // The second copy, as the platform holds it after the browser's own resend: same key, same text.
  const copy = await fetch(`${sandbox.baseUrl}/v1/posts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ body: twice }),
  });
  expect(copy.status).toBe(201);
  const copyId = ((await copy.json()) as { id: string }).id;
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual([twice, once, twice]);

  const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
  await expect(panel.page.getByRole('article').first()).toBeVisible();
  const outbox = new OutboxPage(panel.page);
  await outbox.open();
  const twinned = outbox.item(twice);
  await expect(twinned).toContainText('Published twice.');
  await expect(twinned).toContainText('delete the one you do not want');
  await expect(outbox.group('Needs your decision')).toContainText(twice);
  const links = twinned.getByRole('link');
  await expect(links).toHaveCount(2);
  expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
    `${sandbox.baseUrl}/posts/${sent?.state.id}`,
    `${sandbox.baseUrl}/posts/${copyId}`,
  ]);
  await expect(outbox.item(once)).not.toContainText('Published twice');
  await expect(outbox.item(once)).toContainText(/Sent at .* · id p_\w+\./);
  await panel.page.screenshot({ path: test.info().outputPath('outbox-published-twice.png') });
  // Nothing was deleted: the platform still holds both copies.
  expect((await control.postsOf(key, account)).filter((post) => post.body === twice)).toHaveLength(2);
});
