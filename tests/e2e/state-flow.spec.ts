import { expect, test } from './fixtures';
import { OutboxPage } from './pages/outbox-page';
import { call, configure, listOutbox } from './support/extension-client';
import { resetSandbox } from './support/link-bars';

/**
 * Counts, inside the side panel, what crosses between it and the background: the messages it
 * sends (by name) and the pushes its state ports receive. Installed before the panel's own script.
 */
const COUNTER = `
if (location.protocol === 'chrome-extension:' && location.pathname === '/sidepanel.html') {
  const counts = { sent: {}, pushes: [], ports: 0 };
  window.__counts = counts;
  const runtime = chrome.runtime;
  const send = runtime.sendMessage.bind(runtime);
  runtime.sendMessage = (message, ...rest) => {
    const name = message && message.type;
    counts.sent[name] = (counts.sent[name] || 0) + 1;
    return send(message, ...rest);
  };
  const connect = runtime.connect.bind(runtime);
  runtime.connect = (...args) => {
    const port = connect(...args);
    counts.ports += 1;
    port.onMessage.addListener((push) => counts.pushes.push(push));
    return port;
  };
}
`;

interface Counts {
  sent: Record<string, number>;
  pushes: { status: unknown; outbox?: { reset: boolean; items: { id: string }[]; removed: string[] } }[];
  ports: number;
}

test.beforeEach(async ({ sandbox }) => {
  await resetSandbox(sandbox.baseUrl);
});

test('with the Outbox tab open, one change is one push carrying it, and the panel never lists the Outbox', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const options = await extensionPage('options.html');
  await configure(options, sandbox.baseUrl, sandbox.testKey);
  await context.addInitScript(COUNTER);
  const panel = await extensionPage('sidepanel.html');
  const outbox = new OutboxPage(panel);
  await outbox.open();

  // A write's whole round trip: queued, sending, sent — each change pushed, with the item.
  const body = `Round trip ${Date.now().toString(36)}`;
  await call(options, 'enqueueWrite', { kind: 'post', body });
  await expect(outbox.item(body)).toContainText('Sent');
  const counts = () => panel.evaluate(() => (window as unknown as { __counts: Counts }).__counts);
  const afterRoundTrip = await counts();
  expect(afterRoundTrip.ports).toBe(1);
  expect(afterRoundTrip.sent.listOutbox ?? 0).toBe(0);
  const [item] = (await listOutbox(options)).filter((entry) => entry.request.body === body);
  if (item === undefined) throw new Error('the write is not in the Outbox');
  const carrying = afterRoundTrip.pushes.filter((push) => push.outbox?.items.some((entry) => entry.id === item.id));
  expect(carrying.length).toBeGreaterThanOrEqual(1);
  expect(carrying.length).toBeLessThanOrEqual(3);

  // One change (the write discarded from another page): exactly one push, carrying its removal.
  const before = afterRoundTrip.pushes.length;
  await call(options, 'discardItem', { id: item.id });
  await expect(outbox.item(body)).toHaveCount(0);
  const after = await counts();
  expect(after.pushes.slice(before)).toHaveLength(1);
  expect(after.pushes.at(-1)?.outbox).toMatchObject({ reset: false, items: [], removed: [item.id] });
  expect(after.sent.listOutbox ?? 0).toBe(0);
  expect(after.ports).toBe(1);
});
