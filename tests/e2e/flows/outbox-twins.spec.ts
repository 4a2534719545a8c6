import { listOutbox, newAccount } from '../driver/extension';
import { expect, test } from '../driver/test';
import { findAll, role, textOf, until } from '../driver/ui';
import { OutboxScreen } from '../screens/outbox';
import { SidePanelScreen } from '../screens/side-panel';

// Chromium may re-send a POST by itself below fetch (a kept-alive connection closed before any answer
// byte): the platform then holds two copies. Here the sandbox is made to hold two inserts of one post,
// as it would after such a resend; the Outbox says so as soon as the panel reads the timeline.
test('a post the platform holds twice says "Published twice" with both copies; one held once never does', async ({
  ext,
  control,
}) => {
  const { key, account } = await newAccount(ext, control);
  await ext.call('checkKey');

  const twice = 'Ferry fares drop 10% on Sundays from June (harbour board minutes, item 4).';
  const once = 'The harbour board meets again on 3 June; the agenda is public.';
  await ext.call('enqueueWrite', { kind: 'post', body: twice });
  await ext.call('enqueueWrite', { kind: 'post', body: once });
  const sent = await until(async () => {
    // The two just made (a browser the file shares may hold earlier tests' writes).
    const items = (await listOutbox(ext)).filter((item) => [twice, once].includes(item.request.body ?? '')).slice(-2);
    return items.length === 2 && items.every((item) => item.state.status === 'sent') ? items : undefined;
  }, 'both writes sent');
  const first = sent.find((item) => item.request.body === twice);
  // The second copy, as the platform holds it after the browser's own resend: same key, same text.
  const copy = await fetch(`${control.baseUrl}/v1/posts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ body: twice }),
  });
  expect(copy.status).toBe(201);
  const copyId = ((await copy.json()) as { id: string }).id;
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual([twice, once, twice]);

  const panel = await SidePanelScreen.open(ext);
  await panel.firstArticle();
  const outbox = new OutboxScreen(panel.page);
  await outbox.open();
  const twinned = await outbox.item(twice, /Published twice\./);
  expect(await textOf(twinned)).toContain('delete the one you do not want');
  expect(await textOf(outbox.page, OutboxScreen.group('Needs your decision'))).toContain(twice);
  const links = await findAll(twinned, role('link'));
  expect(await Promise.all(links.map((a) => a.evaluate((el) => el.getAttribute('href'))))).toEqual([
    `${control.baseUrl}/posts/${first?.state.id}`,
    `${control.baseUrl}/posts/${copyId}`,
  ]);
  const single = await outbox.item(once, /Sent at .* · id p_\w+\./);
  expect(await textOf(single)).not.toContain('Published twice');
  await panel.page.screenshot({ path: test.info().outputPath('outbox-published-twice.png') });
  // Nothing was deleted: the platform still holds both copies.
  expect((await control.postsOf(key, account)).filter((post) => post.body === twice)).toHaveLength(2);
});
