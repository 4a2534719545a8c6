import { expect, test } from './fixtures';
import { stopServiceWorker } from './support/chromium';
import { call } from './support/extension-client';

// The drill relies on stopping the worker for real; this shows the stop happens and that a
// message starts it again with its state intact (nothing that matters lives only in memory).
test('a stopped service worker starts again on the next message, with its settings and key', async ({
  context,
  extensionId,
  extensionPage,
  sandbox,
}) => {
  const page = await extensionPage('options.html');
  await call(page, 'saveSettings', { baseUrl: sandbox.baseUrl });
  await call(page, 'saveKey', { key: sandbox.testKey });
  await stopServiceWorker(context, extensionId);
  const status = await call<{ baseUrl: string; key: { set: boolean } }>(page, 'getStatus');
  expect(status.baseUrl).toBe(sandbox.baseUrl);
  expect(status.key.set).toBe(true);
  const page1 = await call<{ items: unknown[] }>(page, 'getTimelinePage', { limit: 3 });
  expect(page1.items).toHaveLength(3);
});
