import { expect, test } from './fixtures';
import { domSession, findBars, realClick, waitFor } from './support/closed-shadow';
import { configure } from './support/extension-client';
import { waitForEvents, waitForRegistration } from './support/link-bars';

test('on the sandbox website every post gets a bar; a real click reacts and the reaction lands', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const options = await extensionPage('options.html');
  await configure(options, sandbox.baseUrl, sandbox.testKey);
  await waitForRegistration(context, ['http://127.0.0.1/*']);

  const page = await context.newPage();
  await page.goto(`${sandbox.baseUrl}/`);
  const cdp = await domSession(page);
  const bars = await waitFor(async () => {
    const found = await findBars(cdp);
    return found.length >= 20 ? found : undefined;
  }, 'a bar on every post');
  console.log(JSON.stringify(bars[0], null, 1));
  const first = bars[0];
  expect(first?.shadowRootType).toBe('closed');
  const button = first?.buttons.find((b) => b.label === 'Well sourced');
  if (first === undefined || button === undefined) throw new Error('no button');
  await realClick(page, cdp, button.nodeId);
  const events = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
  expect(events[0]?.data.postId).toBe(first.linkHref?.replace('/posts/', ''));
});
