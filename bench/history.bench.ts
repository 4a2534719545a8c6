import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { FIRST_ITEMS_MARK, INTERACTIVE_MARK } from '../entrypoints/sidepanel/fast-open/first-paint';
import { normalizeBaseUrl } from '../lib/base-url';
import { CHROME_BUILD } from '../tests/e2e/support/browsers';
import {
  extensionIdOf,
  launchChromium,
  openExtensionPage,
  removeProfile,
  stopServiceWorker,
} from '../tests/e2e/support/chromium';
import { call, configure } from '../tests/e2e/support/extension-client';
import { openOnce } from './support/panel-browser';
import { spawnSandbox } from './support/sandbox-process';
import { fmt, percentile, type Table } from './support/table';

const OPENS = Number(process.env.BENCH_OPENS ?? 20);
/** Changes timed per size: each discards one of the seeded writes (the smallest history has 10). */
const PUSHES = 10;
const PANEL_MARKS = [FIRST_ITEMS_MARK, INTERACTIVE_MARK];
const SIZES = [10, 10_000];

/**
 * Puts `count` sent writes straight into the extension's Outbox store (as a long-time user's history),
 * from one of its pages; the worker is stopped afterwards so the Outbox loads them.
 */
async function seedHistory(page: Page, account: string, count: number): Promise<void> {
  await page.evaluate(
    ({ account, count }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('debate-companion');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('outbox', 'readwrite');
          const store = tx.objectStore('outbox');
          store.clear();
          const now = Date.now();
          for (let n = 0; n < count; n += 1) {
            const at = now - 2 * 3_600_000 - (count - n) * 1000;
            store.put({
              id: `seed_${n}`,
              account,
              seq: n + 1,
              request: { kind: 'reaction', postId: `p_seed_${n % 500}`, reaction: 'well_sourced' },
              state: { status: 'sent', id: `r_seed_${n}`, at },
              createdAt: at,
              updatedAt: at,
              attempts: 1,
              resends: 0,
            });
          }
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { account, count },
  );
}

/** Counts what reaches the side panel: the time and size of each push, from its own clock. */
const PUSH_RECORDER = `
if (location.protocol === 'chrome-extension:' && location.pathname === '/sidepanel.html') {
  window.__pushes = [];
  const connect = chrome.runtime.connect.bind(chrome.runtime);
  chrome.runtime.connect = (...args) => {
    const port = connect(...args);
    port.onMessage.addListener((push) => window.__pushes.push({ at: performance.now(), bytes: JSON.stringify(push).length, outbox: push.outbox ? { reset: push.outbox.reset, items: push.outbox.items.length } : null }));
    return port;
  };
}
`;

interface PushRecord {
  at: number;
  bytes: number;
  outbox: { reset: boolean; items: number } | null;
}

/**
 * With the panel's Outbox tab open: one change per round (a seeded sent write discarded, from the
 * panel itself), timed from its `sendMessage` to the push's arrival in the panel, and its size.
 */
async function pushRounds(page: Page): Promise<{ ms: number[]; bytes: number[]; firstBytes: number }> {
  const ms: number[] = [];
  const bytes: number[] = [];
  for (let round = 0; round < PUSHES; round += 1) {
    const push = await page.evaluate(async (id) => {
      const pushes = (window as unknown as { __pushes: PushRecord[] }).__pushes;
      const before = pushes.length;
      const at = performance.now();
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
        .chrome.runtime;
      await runtime.sendMessage({ type: 'discardItem', payload: { id } });
      for (let wait = 0; wait < 400 && pushes.length === before; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const arrived = pushes[before];
      return arrived === undefined ? null : { ms: arrived.at - at, bytes: arrived.bytes };
    }, `seed_${round}`);
    if (push === null) throw new Error(`No push came for the discard of seed_${round}.`);
    ms.push(push.ms);
    bytes.push(push.bytes);
  }
  const firstBytes = await page.evaluate(
    () => (window as unknown as { __pushes: PushRecord[] }).__pushes.find((push) => push.outbox?.reset)?.bytes ?? 0,
  );
  return { ms, bytes, firstBytes };
}

/**
 * `history`: the side panel's opening and a push's cost with 10 and with 10,000 past writes in the
 * Outbox (kept by raising the history bound for the run), then what pruning leaves at the default bound.
 */
export async function runHistoryBench(): Promise<Table[]> {
  if (!existsSync(path.join(CHROME_BUILD, 'manifest.json'))) {
    throw new Error(`No extension build at ${CHROME_BUILD}: run "npm run build" first.`);
  }
  const sandbox = await spawnSandbox(['--seed', '--quiet']);
  const { context, userDataDir } = await launchChromium({ extensionDir: CHROME_BUILD });
  try {
    const id = await extensionIdOf(context);
    const setup = await openExtensionPage(context, id, 'options.html');
    await configure(setup, sandbox.baseUrl, sandbox.testKey);
    await call(setup, 'saveSettings', { keepSent: 10_000, keepSentDays: 365 });
    // The Outbox's account is the API address as the background normalises it (with its trailing slash).
    const account = normalizeBaseUrl((await call<{ baseUrl: string }>(setup, 'getStatus')).baseUrl);
    if (account === undefined) throw new Error('The sandbox address is not a usable API address.');
    await context.addInitScript(PUSH_RECORDER);
    const url = `chrome-extension://${id}/sidepanel.html`;
    const rows: (string | number)[][] = [];
    for (const size of SIZES) {
      await seedHistory(setup, account, size);
      await stopServiceWorker(context, id);
      await openOnce(context, url, PANEL_MARKS); // starts the worker and loads the Outbox: not counted
      const opens: number[][] = [];
      for (let i = 0; i < OPENS; i += 1) opens.push(await openOnce(context, url, PANEL_MARKS));
      const panel = await context.newPage();
      await panel.goto(url);
      await panel.getByRole('tab', { name: 'Outbox' }).click();
      await panel.getByRole('region', { name: 'Outbox', exact: true }).waitFor();
      const pushes = await pushRounds(panel);
      await panel.close();
      const first = opens.map(([time]) => time as number);
      const live = opens.map(([, time]) => time as number);
      rows.push([
        size.toLocaleString('en'),
        `${fmt(percentile(first, 50))} / ${fmt(percentile(first, 95))}`,
        `${fmt(percentile(live, 50))} / ${fmt(percentile(live, 95))}`,
        `${fmt(percentile(pushes.ms, 50))} / ${fmt(percentile(pushes.ms, 95))}`,
        fmt(percentile(pushes.bytes, 50)),
        pushes.firstBytes.toLocaleString('en'),
      ]);
    }
    // Back to the default bound: the next drain pass prunes the history.
    await call(setup, 'saveSettings', { keepSent: 200, keepSentDays: 7 });
    await call(setup, 'enqueueWrite', { kind: 'comment', postId: 'p_prune', body: 'After the bound changed.' });
    let kept = Number.POSITIVE_INFINITY;
    for (let waited = 0; waited < 30_000 && kept > 201; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const status = await call<{ outbox: { counts: Record<string, number> } }>(setup, 'getStatus');
      kept = Object.values(status.outbox.counts).reduce((sum, n) => sum + n, 0);
    }
    return [
      {
        title: 'Outbox history: the side panel with 10 and with 10,000 past writes',
        columns: [
          'past writes',
          'first items, p50 / p95 (ms)',
          'live panel, p50 / p95 (ms)',
          'one change → push in the panel, p50 / p95 (ms)',
          'push size (bytes, p50)',
          'first Outbox push (bytes)',
        ],
        rows,
        notes: [
          `${OPENS} opens and ${PUSHES} changes each (a past write discarded from the panel, timed from its sendMessage to the push's arrival in the panel, with its Outbox tab open). The Outbox's first push holds every write not sent and the newest 50 sent; older ones are read in pages on request.`,
          `Pruning: with 10,000 sent writes (older than an hour) in the store and the bound set back to 200 writes / 7 days, the next drain pass left ${kept.toLocaleString('en')} items (200 sent and the write that started it).`,
        ],
      },
    ];
  } finally {
    await context.close();
    removeProfile(userDataDir);
    await sandbox.stop();
  }
}
