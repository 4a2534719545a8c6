import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { relaunchWithAllSitesGranted } from './support/all-sites';
import { type BarView, domSession, findBars, realClick, waitFor } from './support/closed-shadow';
import { call, configure, listOutbox } from './support/extension-client';
import { resetSandbox, sandboxEvents, waitForEvents, waitForRegistration } from './support/link-bars';
import { startThirdPartySite, type ThirdPartySite } from './support/third-party-site';

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

test.describe('a hostile page', () => {
  let site: ThirdPartySite;
  let postIds: string[];

  test.beforeEach(async ({ sandbox }) => {
    await resetSandbox(sandbox.baseUrl);
    const response = await fetch(`${sandbox.baseUrl}/v1/timelines/public?limit=4`, {
      headers: { Authorization: `Bearer ${sandbox.testKey}` },
    });
    postIds = ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
    const links = postIds
      .map((id) => `<p><a href="${sandbox.baseUrl}/posts/${id}">A debate</a> worth reading.</p>`)
      .join('');
    site = await startThirdPartySite({
      '/hostile.html': `<!doctype html><html><head><title>Free prizes</title><script>${HOSTILE_SCRIPT}</script></head><body><div id="wrap">${links}</div></body></html>`,
    });
  });
  test.afterEach(async () => {
    await site.close();
  });

  async function openHostilePage(context: BrowserContext, userDataDir: string, baseUrl: string, key: string) {
    const extensionId = new URL((context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))).url())
      .host;
    const setup = await context.newPage();
    await setup.goto(`chrome-extension://${extensionId}/options.html`);
    await configure(setup, baseUrl, key);
    const allowed = await relaunchWithAllSitesGranted(context, userDataDir);
    const options = await allowed.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await call(options, 'saveSettings', { decorateAllSites: true });
    await waitForRegistration(allowed, ['http://*/*', 'https://*/*']);
    const page = await allowed.newPage();
    await page.goto(`${site.origin}/hostile.html`);
    const cdp = await domSession(page);
    await waitFor(async () => ((await findBars(cdp)).length === postIds.length ? true : undefined), 'the bars');
    return { allowed, options, page, cdp };
  }

  test('1,000 rounds of synthetic clicks, forged messages and DOM rewrites write nothing; one real click writes once', async ({
    context,
    sandbox,
    userDataDir,
  }) => {
    const { allowed, options, page, cdp } = await openHostilePage(
      context,
      userDataDir,
      sandbox.baseUrl,
      sandbox.testKey,
    );
    try {
      const report = await page.evaluate(() =>
        (window as unknown as { __attack(rounds: number): Promise<Record<string, number>> }).__attack(1000),
      );
      expect(report.hosts).toBe(postIds.length);
      expect(report.attempts).toBeGreaterThan(100_000);
      // The page never got hold of a root of ours.
      expect(report.openedRoots).toBe(0);
      expect(report.internalsRoots).toBe(0);
      expect(await listOutbox(options)).toEqual([]);

      // The user's own click on the first bar: exactly one write, for that post.
      const first = (await findBars(cdp)).find((bar) => bar.linkHref?.endsWith(`/posts/${postIds[0]}`)) as BarView;
      const wellSourced = first.buttons.find((b) => b.label === 'Well sourced');
      if (wellSourced === undefined) throw new Error('no button');
      await realClick(page, cdp, wellSourced.nodeId);
      const landed = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
      expect(landed.map((event) => event.data.postId)).toEqual([postIds[0]]);
      // Writes leave the Outbox in order: anything the attack had queued would have landed first.
      const outbox = await listOutbox(options);
      expect(outbox.map((item) => item.request)).toEqual([
        { kind: 'reaction', postId: postIds[0], reaction: 'well_sourced' },
      ]);
      const writes = (await sandboxEvents(sandbox.baseUrl)).filter((event) =>
        /^(reaction|comment|post)\./.test(event.type),
      );
      expect(writes).toHaveLength(1);
    } finally {
      await allowed.close();
    }
  });

  test('a bar the page fades, masks, clips, filters out or covers with a decoy ignores even a real click', async ({
    context,
    sandbox,
    userDataDir,
  }) => {
    const { allowed, options, page, cdp } = await openHostilePage(
      context,
      userDataDir,
      sandbox.baseUrl,
      sandbox.testKey,
    );
    try {
      // Click-jacking: the bar's container made invisible under the user's pointer, four ways.
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
        const bar = (await findBars(cdp))[0] as BarView;
        await realClick(page, cdp, bar.buttons[0]?.nodeId ?? -1);
        await waitFor(async () => {
          const status = (await findBars(cdp))[0]?.status;
          return status === 'Ignored: the bar was hidden or covered when clicked.' ? true : undefined;
        }, `the refusal under ${style}`);
        expect(await listOutbox(options), style).toEqual([]);
      }

      await page.evaluate(() => document.getElementById('wrap')?.removeAttribute('style'));

      // An opaque decoy drawn over the bar that lets clicks through (`pointer-events: none`): the
      // styles of the bar and its ancestors are all plain, but IntersectionObserver v2 sees it covered.
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
      await realClick(page, cdp, (await findBars(cdp))[0]?.buttons[0]?.nodeId ?? -1);
      await waitFor(async () => {
        const status = (await findBars(cdp))[0]?.status;
        return status === 'Ignored: the bar was hidden or covered when clicked.' ? true : undefined;
      }, 'the refusal under an opaque decoy');
      expect(await listOutbox(options), 'under an opaque decoy').toEqual([]);
      await page.evaluate(() => document.getElementById('decoy')?.remove());

      await realClick(page, cdp, (await findBars(cdp))[0]?.buttons[0]?.nodeId ?? -1);
      await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
      // Exactly one write: none of the five refused clicks queued anything before this one.
      expect(await listOutbox(options)).toHaveLength(1);
    } finally {
      await allowed.close();
    }
  });
});
