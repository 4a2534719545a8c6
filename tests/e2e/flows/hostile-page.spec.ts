import type { Page } from 'puppeteer-core';
import { ALL_SITES_MATCHES } from '../../../lib/links/registration';
import { barOf, clickBarButton, waitForBars, waitForStatus } from '../driver/bars';
import { SANDBOX_GRANT } from '../driver/chromium-profile';
import { inContentScript } from '../driver/content-script';
import { newAccount } from '../driver/extension';
import { waitForRegistration } from '../driver/link-scripts';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { until } from '../driver/ui';
import { outboxMark, outboxSince, publishedPostIds, untilWrites, writesOf } from '../driver/writes';
import type { SandboxClient } from '../support/sandbox-client';
import { startThirdPartySite, type ThirdPartySite } from '../support/third-party-site';

// The hostile page is on another site than the platform's: the bars are there because the user
// turned on "Decorate post links on all sites" and allowed access to every site (what the options
// page asks for), recorded as granted at start in both browsers (headless Chromium's prompt cannot
// be answered).
test.use({ launch: { grantedOrigins: [...SANDBOX_GRANT, ...ALL_SITES_MATCHES] } });

const REFUSED = 'Ignored: the bar was hidden or covered when clicked.';

/**
 * A page that does everything a page can to make the bar write without the user: it prepares
 * before our script mounts (custom elements with likely host names that would hand it the root
 * through `attachInternals`, a patched `attachShadow` that forces roots open, an observer that
 * collects every node inserted next to a link), then attacks: clicks and synthetic mouse, pointer
 * and keyboard events on everything it can reach, forged messages and custom events, and
 * rewrites of the bars' hosts (moved, cloned, removed, re-attached, restyled, re-pointed).
 */
const HOSTILE_SCRIPT = `
window.__log = { internals: [], openedRoots: [], hostsSeen: new Set(), attempts: 0, errors: 0 };
for (const name of ['dc-bar', 'dc-inline-bar', 'debate-companion-bar', 'debate-companion', 'debate-bar', 'link-bar',
                    'inline-bar', 'post-bar', 'dc-host', 'wxt-shadow-root', 'x-bar']) {
  try {
    customElements.define(name, class extends HTMLElement {
      constructor() { super(); try { __log.internals.push(this.attachInternals()); } catch (e) {} }
    });
  } catch (e) {}
}
try { customElements.define('evil-span', class extends HTMLSpanElement {}, { extends: 'span' }); } catch (e) {}
const realAttachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) {
  const root = realAttachShadow.call(this, { ...init, mode: 'open' });
  __log.openedRoots.push(root);
  return root;
};
const realAttachInternals = HTMLElement.prototype.attachInternals;
HTMLElement.prototype.attachInternals = function () {
  const internals = realAttachInternals.call(this);
  __log.internals.push(internals);
  return internals;
};
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType === 1 && node.previousElementSibling && node.previousElementSibling.localName === 'a') __log.hostsSeen.add(node);
  }
}).observe(document, { childList: true, subtree: true });

window.__attack = async (rounds) => {
  const log = window.__log;
  const hosts = () => [...log.hostsSeen];
  const tryIt = (f) => { log.attempts += 1; try { f(); } catch (e) { log.errors += 1; } };
  const fire = (target) => {
    const box = target.getBoundingClientRect();
    const at = { bubbles: true, cancelable: true, composed: true, clientX: box.left + 10, clientY: box.top + box.height / 2, detail: 1 };
    tryIt(() => target.click());
    for (const type of ['pointerdown', 'pointerup']) tryIt(() => target.dispatchEvent(new PointerEvent(type, { ...at, pointerType: 'mouse' })));
    for (const type of ['mousedown', 'mouseup', 'click', 'dblclick', 'auxclick']) tryIt(() => target.dispatchEvent(new MouseEvent(type, at)));
    tryIt(() => target.dispatchEvent(new MouseEvent('click', { ...at, detail: 0 })));
    for (const key of ['Enter', ' ']) {
      for (const type of ['keydown', 'keypress', 'keyup']) {
        tryIt(() => target.dispatchEvent(new KeyboardEvent(type, { key, code: key === ' ' ? 'Space' : 'Enter', bubbles: true, composed: true })));
        tryIt(() => target.dispatchEvent(new KeyboardEvent(type, { key: 'Enter', ctrlKey: true, metaKey: true, bubbles: true, composed: true })));
      }
    }
    tryIt(() => target.focus());
    tryIt(() => document.activeElement && document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true })));
    // Whatever is under the bar's first button, clicked the way a page can.
    // (Links excepted: following one would leave the page.)
    tryIt(() => { const under = document.elementFromPoint(at.clientX, at.clientY); if (under && !under.closest('a')) under.click(); });
  };
  for (let round = 0; round < rounds; round += 1) {
    const all = hosts();
    for (const host of all) {
      tryIt(() => { if (host.shadowRoot) log.openedRoots.push(host.shadowRoot); });
      tryIt(() => host.attachShadow({ mode: 'open' }));
      fire(host);
    }
    for (const internals of log.internals) tryIt(() => { if (internals.shadowRoot) log.openedRoots.push(internals.shadowRoot); });
    for (const element of document.querySelectorAll('span, li, p, ul, body')) if (round % 50 === 0) fire(element);
    // Forged messages in every shape a content script might listen for.
    for (const message of [
      { type: 'reactToPost', payload: { postId: 'p_x', reaction: 'well_sourced' } },
      { type: 'replyToPost', payload: { postId: 'p_x', body: 'forged' } },
      { action: 'react', kind: 'well_sourced' }, 'react', { source: 'debate-companion', type: 'click' },
    ]) tryIt(() => window.postMessage(message, '*'));
    for (const name of ['debate-companion:react', 'dc:react', 'wxt:content-script-started', 'links:wxt:content-script-started', 'click', 'react']) {
      tryIt(() => document.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail: { postId: 'p_x', kind: 'well_sourced', contentScriptName: 'link-bar', messageId: 'x' } })));
      for (const host of all) tryIt(() => host.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail: {} })));
    }
    tryIt(() => chrome.runtime.sendMessage({ type: 'reactToPost', payload: { postId: 'p_x', reaction: 'well_sourced' } }));
    // DOM rewrites of the hosts (all but the first, which the user will click at the end).
    const [, victim, other] = all;
    if (victim) {
      const link = victim.previousElementSibling;
      tryIt(() => { const clone = victim.cloneNode(true); document.body.append(clone); fire(clone); clone.remove(); });
      tryIt(() => { document.body.append(victim); fire(victim); });
      tryIt(() => { victim.remove(); fire(victim); });
      tryIt(() => { (link || document.body).after(victim); fire(victim); });
      tryIt(() => { victim.setAttribute('style', 'position:fixed;top:0;left:0;z-index:99999'); victim.id = 'dc'; victim.hidden = false; victim.setAttribute('contenteditable', 'true'); fire(victim); });
      tryIt(() => { victim.removeAttribute('style'); victim.removeAttribute('contenteditable'); });
    }
    if (other) tryIt(() => { const link = other.previousElementSibling; link.setAttribute('href', link.href + (round % 2 ? '' : '?again')); });
    if (round % 25 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return {
    attempts: log.attempts,
    hosts: hosts().length,
    openedRoots: log.openedRoots.length,
    internalsRoots: log.internals.filter((i) => i.shadowRoot).length,
  };
};
`;

/** Every write (post, comment, reaction event) the platform holds now, of any account. */
async function allWrites(control: SandboxClient): Promise<{ type: string }[]> {
  const { events } = await control.control<{ events: { type: string }[] }>('GET', '/events');
  return events.filter((event) => /^(reaction|comment|post)\./.test(event.type));
}

let site: ThirdPartySite;
let postIds: string[];
let account: string;

test.beforeEach(async ({ ext, control }) => {
  const created = await newAccount(ext, control);
  account = created.account;
  await ext.call('saveSettings', { decorateAllSites: true, excludedHosts: [] });
  await waitForRegistration(ext, ALL_SITES_MATCHES);
  postIds = await publishedPostIds(control, created.key, 4);
  const links = postIds
    .map((id) => `<p><a href="${control.baseUrl}/posts/${id}">A debate</a> worth reading.</p>`)
    .join('');
  site = await startThirdPartySite({
    '/hostile.html': `<!doctype html><html><head><title>Free prizes</title><script>${HOSTILE_SCRIPT}</script></head><body><div id="wrap">${links}</div></body></html>`,
  });
});

test.afterEach(async () => {
  await site.close();
});

/** The hostile page, once a bar is drawn after each of its post links. */
async function openHostilePage(ext: ExtensionBrowser): Promise<Page> {
  const page = await ext.openTab(`${site.origin}/hostile.html`);
  await waitForBars(ext, page, postIds.length, 'a bar after each post link');
  return page;
}

test('1,000 rounds of synthetic clicks, forged messages and DOM rewrites write nothing; one real click writes once', async ({
  ext,
  control,
}) => {
  const mark = await outboxMark(ext);
  const writesBefore = (await allWrites(control)).length;
  const page = await openHostilePage(ext);
  const report = await page.evaluate(() =>
    (window as unknown as { __attack(rounds: number): Promise<Record<string, number>> }).__attack(1000),
  );
  expect(report.hosts).toBe(postIds.length);
  expect(report.attempts).toBeGreaterThan(100_000);
  // The page never got hold of a root of ours.
  expect(report.openedRoots).toBe(0);
  expect(report.internalsRoots).toBe(0);
  expect(await outboxSince(ext, mark)).toEqual([]);

  // The user's own click on the first bar: exactly one write, for that post.
  const first = postIds[0] as string;
  await clickBarButton(ext, page, { postId: first }, 'Well sourced');
  if (ext.engine === 'firefox') {
    // Firefox has no IntersectionObserver v2: the bar cannot prove a pointer click seen, so it holds
    // the reaction for an Undo window (5 s), then sends it.
    await waitForStatus(ext, page, { postId: first }, /^Well sourced: sends in [1-5] s$/);
  }
  const landed = await untilWrites(control, account, 'reaction.created', 1);
  expect(landed.map((event) => event.postId)).toEqual([first]);
  // Writes leave the Outbox in order: anything the attack had queued would have landed first.
  expect((await outboxSince(ext, mark)).map((item) => item.request)).toEqual([
    { kind: 'reaction', postId: first, reaction: 'well_sourced' },
  ]);
  expect((await allWrites(control)).slice(writesBefore)).toHaveLength(1);
});

/**
 * Blanks the status line of the first bar (from our content script, where its closed root is
 * open), so that the words read after a click are that click's answer, not the last one's.
 */
function blankFirstStatus(ext: ExtensionBrowser, page: Page): Promise<boolean> {
  return inContentScript(ext, page, () => {
    const api = (
      globalThis as unknown as { chrome?: { dom?: { openOrClosedShadowRoot?(e: Element): ShadowRoot | null } } }
    ).chrome;
    const host = document.querySelector('#wrap a + span');
    if (host === null) return false;
    const root =
      api?.dom?.openOrClosedShadowRoot?.(host) ??
      (host as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot;
    const status = root?.querySelector('[role="status"]');
    if (status == null) return false;
    status.textContent = '';
    return true;
  });
}

/** How many trusted clicks the page has seen reach its window (a click on a bar bubbles out of its root). */
function trustedClicks(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __trustedClicks: number }).__trustedClicks);
}

/**
 * A user's real click on the first bar's first button ("Well sourced"), once it has reached the
 * bar: the page sees it bubble out of the bar's root after the bar's own listener has answered.
 */
async function clickFirstBar(ext: ExtensionBrowser, page: Page): Promise<void> {
  expect(await blankFirstStatus(ext, page)).toBe(true);
  const before = await trustedClicks(page);
  await clickBarButton(ext, page, { index: 0 }, 'Well sourced');
  await until(async () => ((await trustedClicks(page)) > before ? true : undefined), 'the click on the bar');
}

test('a bar the page fades, masks, clips, filters out or covers with a decoy ignores even a real click', async ({
  ext,
  control,
}) => {
  const mark = await outboxMark(ext);
  const page = await openHostilePage(ext);
  await page.evaluate(() => {
    const counter = window as unknown as { __trustedClicks: number };
    counter.__trustedClicks = 0;
    window.addEventListener('click', (event) => {
      if (event.isTrusted) counter.__trustedClicks += 1;
    });
  });
  const first = { index: 0 };

  // Click-jacking: the bar's container made invisible under the user's pointer, four ways. Refused
  // in both browsers: the bar reads its own and its ancestors' styles at the click.
  await page.evaluate(() => {
    const svg =
      '<svg width="0" height="0"><filter id="hide"><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"/></filter></svg>';
    document.body.insertAdjacentHTML('beforeend', svg);
  });
  for (const style of [
    'opacity: 0.05',
    'mask-image: linear-gradient(transparent, transparent); -webkit-mask-image: linear-gradient(transparent, transparent)',
    'filter: url(#hide)',
    'clip-path: inset(0 0 0 0 round 1px)',
  ]) {
    await page.evaluate((style) => document.getElementById('wrap')?.setAttribute('style', style), style);
    await clickFirstBar(ext, page);
    await waitForStatus(ext, page, first, REFUSED);
    expect(await outboxSince(ext, mark), style).toEqual([]);
  }
  await page.evaluate(() => document.getElementById('wrap')?.removeAttribute('style'));

  // An opaque decoy drawn over the bar that lets clicks through (`pointer-events: none`): the
  // styles of the bar and its ancestors are all plain.
  const box = await page.evaluate(() => {
    const host = document.querySelector('#wrap a + span')?.getBoundingClientRect();
    return host === undefined ? undefined : { x: host.left, y: host.top, width: host.width, height: host.height };
  });
  if (box === undefined) throw new Error('no bar host');
  await page.evaluate((at) => {
    const decoy = document.createElement('div');
    decoy.id = 'decoy';
    decoy.textContent = 'Play the video';
    decoy.setAttribute(
      'style',
      `position:fixed;left:${at.x - 20}px;top:${at.y - 10}px;width:${at.width + 40}px;height:${at.height + 20}px;background:#222;color:#fff;pointer-events:none;z-index:9`,
    );
    document.body.append(decoy);
  }, box);
  await clickFirstBar(ext, page);
  if (ext.engine === 'firefox') {
    // Firefox has no IntersectionObserver v2: nothing tells the bar it is covered, so it takes the
    // click as it takes every pointer click there, held in the Outbox for an Undo window (5 s)
    // with a countdown and Undo in the bar. Nothing is sent while it is held; Undo drops it.
    await waitForStatus(ext, page, first, /^Well sourced: sends in [1-5] s$/);
    const [held, ...others] = await outboxSince(ext, mark);
    expect(others).toEqual([]);
    expect(held?.request).toEqual({ kind: 'reaction', postId: postIds[0], reaction: 'well_sourced' });
    expect(held?.state.status).toBe('queued');
    expect((held as { holdUntil?: number } | undefined)?.holdUntil).toBeGreaterThan(Date.now());
    expect((await barOf(ext, page, first)).buttons.find((b) => b.label === 'Undo')?.hidden).toBe(false);
    expect(await writesOf(control, account)).toEqual([]);
    await page.evaluate(() => document.getElementById('decoy')?.remove());
    await clickBarButton(ext, page, first, 'Undo');
    await waitForStatus(ext, page, first, 'Well sourced: undone, nothing was sent');
    expect(await outboxSince(ext, mark)).toEqual([]);
    expect(await writesOf(control, account)).toEqual([]);
  } else {
    // Chromium's IntersectionObserver v2 sees the bar covered: the click is refused.
    await waitForStatus(ext, page, first, REFUSED);
    expect(await outboxSince(ext, mark), 'under an opaque decoy').toEqual([]);
    await page.evaluate(() => document.getElementById('decoy')?.remove());
  }

  // Nothing over the bar: the user's click writes (in Firefox after the Undo window).
  await clickFirstBar(ext, page);
  const landed = await untilWrites(control, account, 'reaction.created', 1);
  expect(landed.map((event) => event.postId)).toEqual([postIds[0]]);
  // Exactly one write: none of the refused (or undone) clicks queued anything before this one.
  expect(await outboxSince(ext, mark)).toHaveLength(1);
  expect(await writesOf(control, account)).toHaveLength(1);
});
