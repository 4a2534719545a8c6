import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers, UNDO_WINDOW_MS } from '@/entrypoints/background/handlers';
import { siteStates } from '@/entrypoints/background/post-state-ports';
import { BackgroundServices } from '@/entrypoints/background/services';
import { statusOf } from '@/entrypoints/background/status';
import type { Handlers } from '@/lib/messages/router';
import { openDebateDb } from '@/lib/storage/db';
import { SavedPostsBook } from '@/lib/storage/saved-book';
import { updateSettings } from '@/lib/storage/settings';
import { useFakeClock } from '../support/clock';
import { noLinks } from '../support/links';
import { useLocaleMessages } from '../support/locale';

const SITE = 'http://127.0.0.1:8787';
const fromPage = { sender: { kind: 'content', url: 'http://127.0.0.1:8787/posts/p_1', tabId: 3, frameId: 0 } } as const;

/** What a bar on the page at `url` is told about p_1 (see post-state-ports.ts). */
async function statesOn(services: BackgroundServices, url: string) {
  return siteStates((await services.outbox()).list(), new URL(url).origin, ['p_1'], Date.now());
}

async function setup(injected: string[] = []) {
  // Each test starts from a single-key version's settings: the first account is made from them.
  await (await openDebateDb()).delete('prefs', 'accounts');
  const services = new BackgroundServices();
  const kick = vi.fn();
  const handlers: Handlers = createHandlers({
    services,
    status: () => statusOf(services),
    kick,
    notify: vi.fn(),
    drafts: {} as never,
    saved: new SavedPostsBook(),
    sync: {} as never,
    links: noLinks(injected),
  });
  return { services, handlers, kick };
}

describe('reactions: only the kinds the user configured are ever queued', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await updateSettings({ baseUrl: SITE, reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }] });
  });

  it('refuses, in words, a well-formed kind the user never configured (a page asking for "agree")', async () => {
    const { services, handlers, kick } = await setup();
    for (const reaction of ['agree', 'constructor', 'well_sourced_x']) {
      await expect(handlers.reactToPost({ postId: 'p_1', reaction }, fromPage as never)).rejects.toMatchObject({
        name: 'MessageError',
        code: 'invalid',
        message: expect.stringContaining('is not one of your reaction kinds'),
      });
    }
    expect((await services.outbox()).list().filter((item) => item.request.kind === 'reaction')).toEqual([]);
    expect(kick).not.toHaveBeenCalled();
  });

  it('queues a configured kind, and refuses the same request from an extension page once the kind is removed', async () => {
    const { services, handlers } = await setup();
    const queued = await handlers.reactToPost({ postId: 'p_9', reaction: 'well_sourced' }, fromPage as never);
    expect(queued).toMatchObject({ status: 'queued' });
    await updateSettings({ reactionKinds: [{ value: 'agree', label: 'Agree' }] });
    await expect(
      handlers.enqueueWrite({ kind: 'reaction', postId: 'p_8', reaction: 'well_sourced' }, {
        sender: { kind: 'extension', url: 'chrome-extension://x/sidepanel.html', tabId: undefined },
      } as never),
    ).rejects.toMatchObject({ code: 'invalid' });
    const reactions = (await services.outbox()).list().map((item) => item.request);
    expect(reactions).toEqual([{ kind: 'reaction', postId: 'p_9', reaction: 'well_sourced' }]);
  });
});

describe('the key is bound to the origin it was given for', () => {
  const fromOptions = { sender: { kind: 'extension', url: 'chrome-extension://x/options.html', tabId: undefined } };
  beforeEach(async () => {
    fakeBrowser.reset();
    await updateSettings({ baseUrl: 'https://debate.example/api' });
  });

  async function defaultKey(services: BackgroundServices) {
    const account = await services.accounts.resolve();
    return services.vault.read(account.id);
  }

  it("saves the key for the configured address's origin", async () => {
    const { services, handlers } = await setup();
    await handlers.saveKey({ key: 'dcp_key_for_debate' }, fromOptions as never);
    expect(await defaultKey(services)).toEqual({ key: 'dcp_key_for_debate', origin: 'https://debate.example' });
  });

  it('removes the key when the address moves to another origin, and keeps it within the same origin', async () => {
    const { services, handlers } = await setup();
    await handlers.saveKey({ key: 'dcp_key_for_debate' }, fromOptions as never);
    const samePlace = await handlers.saveSettings({ baseUrl: 'https://debate.example/v2' }, fromOptions as never);
    expect(samePlace.keyRemovedFor).toBeUndefined();
    expect((await defaultKey(services))?.key).toBe('dcp_key_for_debate');

    const moved = await handlers.saveSettings({ baseUrl: 'https://evil.example' }, fromOptions as never);
    expect(moved.keyRemovedFor).toBe('https://debate.example');
    expect(await defaultKey(services)).toBeUndefined();
  });

  it('refuses a key while no address is set: it would be bound to nothing', async () => {
    await updateSettings({ baseUrl: '' });
    const { services, handlers } = await setup();
    await expect(handlers.saveKey({ key: 'dcp_key_for_nothing' }, fromOptions as never)).rejects.toMatchObject({
      code: 'invalid',
    });
    expect((await services.accounts.book()).accounts).toEqual([]);
  });

  it('refuses plain http outside loopback in the settings', async () => {
    const { handlers } = await setup();
    await expect(handlers.saveSettings({ baseUrl: 'http://debate.example' }, fromOptions as never)).rejects.toThrow();
  });
});

describe('least capability for pages', () => {
  const page = (url: string) => ({ sender: { kind: 'content', url, tabId: 3, frameId: 0 } }) as never;
  beforeEach(async () => {
    fakeBrowser.reset();
    useLocaleMessages('en');
    await updateSettings({
      baseUrl: SITE,
      reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }],
      excludedHosts: ['bank.example', 'private.example'],
    });
  });

  it("hands a page each kind's words: the default's in the browser's language, a typed label as typed", async () => {
    useLocaleMessages('fr');
    await updateSettings({ reactionKinds: [{ value: 'well_sourced' }, { value: 'agree', label: 'Agree' }] });
    const { handlers } = await setup();
    const config = await handlers.getLinkConfig(undefined, page(`${SITE}/`));
    expect(config.reactionKinds).toEqual([
      { value: 'well_sourced', label: 'Bien sourcé' },
      { value: 'agree', label: 'Agree' },
    ]);
  });

  it('hands a page the patterns parsed and the candidate selector built: the page parses nothing', async () => {
    await updateSettings({ linkPatterns: ['https://mirror.example/t/{id}/view'] });
    const { handlers } = await setup();
    const config = await handlers.getLinkConfig(undefined, page(`${SITE}/`));
    expect(config.patterns.map((p) => [p.host, p.before, p.after])).toEqual([
      ['127.0.0.1:8787', ['posts'], []],
      ['mirror.example', ['t'], ['view']],
    ]);
    expect(config.candidates).toBe('a[href*="/posts/"],a[href*="/t/"]');
    // The bars' words, with the places of their substitutions: the bar script looks nothing up.
    expect(config.barWords.barReply).toBe('Reply');
    expect(config.barWords.barUndone).toMatch(/\$1/);
  });

  it('never hands a page the excluded sites; an excluded page learns only "no"', async () => {
    const { handlers } = await setup();
    const here = await handlers.getLinkConfig(undefined, page(`${SITE}/`));
    expect(here.decorate).toBe(true);
    const excluded = await handlers.getLinkConfig(undefined, page('https://www.bank.example/'));
    expect(excluded).toEqual({
      decorate: false,
      siteOrigin: null,
      patterns: [],
      candidates: '',
      reactionKinds: [],
      barWords: {},
      allSites: false,
      speaker: null,
    });
    for (const reply of [here, excluded]) expect(JSON.stringify(reply)).not.toMatch(/bank|private/);
  });

  it('loads the link script into the asking page’s own frame, never on an excluded host nor for an extension page', async () => {
    const injected: string[] = [];
    const { handlers } = await setup(injected);
    await handlers.loadLinkScript(undefined, page('https://news.example/a'));
    expect(injected).toEqual(['3/0']);
    // A page on a host the user excluded (a compromised one asking anyway) gets nothing loaded.
    await handlers.loadLinkScript(undefined, page('https://www.bank.example/'));
    await expect(
      handlers.loadLinkScript(undefined, {
        sender: { kind: 'extension', url: 'chrome-extension://x/sidepanel.html', tabId: undefined },
      } as never),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(injected).toEqual(['3/0']);
  });

  it('caps a page at 10 waiting writes: 100 writes without clicks queue 10, the rest are refused in words', async () => {
    const { services, handlers } = await setup();
    let refused = 0;
    for (let n = 0; n < 100; n += 1) {
      try {
        await handlers.reactToPost({ postId: `p_${n}`, reaction: 'well_sourced' }, page(`${SITE}/posts/p_${n}`));
      } catch (error) {
        expect(error).toMatchObject({ code: 'not_allowed', message: expect.stringContaining('still waiting') });
        refused += 1;
      }
    }
    expect(refused).toBe(90);
    expect((await services.outbox()).list()).toHaveLength(10);
    // The extension's own pages are not capped by what pages did.
    await handlers.enqueueWrite({ kind: 'post', body: 'From the side panel.' }, {
      sender: { kind: 'extension', url: 'chrome-extension://x/sidepanel.html', tabId: undefined },
    } as never);
    expect((await services.outbox()).list()).toHaveLength(11);
  });

  it("tells a page the state of its own site's writes only", async () => {
    const { services, handlers } = await setup();
    await handlers.reactToPost({ postId: 'p_1', reaction: 'well_sourced' }, page('https://news.example/a'));
    await handlers.enqueueWrite({ kind: 'comment', postId: 'p_1', body: 'From the panel.' }, {
      sender: { kind: 'extension', url: 'chrome-extension://x/sidepanel.html', tabId: undefined },
    } as never);
    const elsewhere = await statesOn(services, 'https://other.example/');
    expect(elsewhere[0]).toMatchObject({ reactions: [], replies: { pending: 0, sent: 0 } });
    const same = await statesOn(services, 'https://news.example/b');
    expect(same[0]?.reactions).toHaveLength(1);
    expect(same[0]?.replies.pending).toBe(0);
  });

  it("counts a reply typed in the bar's frame as its site's; a frame's claim that is not an origin counts for none", async () => {
    const { services, handlers } = await setup();
    const frame = {
      sender: { kind: 'extension', url: 'chrome-extension://x/reply-frame.html?post=p_1', tabId: 3 },
    } as never;
    await handlers.replyToPost({ postId: 'p_1', body: 'From the frame.', site: 'https://news.example' }, frame);
    await handlers.replyToPost({ postId: 'p_1', body: 'Odd site.', site: 'javascript:alert(1)' }, frame);
    const same = await statesOn(services, 'https://news.example/b');
    expect(same[0]?.replies.pending).toBe(1);
    const elsewhere = await statesOn(services, 'https://other.example/');
    expect(elsewhere[0]?.replies.pending).toBe(0);
  });
});

describe('the Undo window of a held reaction (a click the bar could not prove seen)', () => {
  const page = (url: string) => ({ sender: { kind: 'content', url, tabId: 3, frameId: 0 } }) as never;
  beforeEach(async () => {
    fakeBrowser.reset();
    await updateSettings({ baseUrl: SITE, reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds it for the window, shows when it ends, and lets the same site undo it then, never later', async () => {
    useFakeClock(1_000_000);
    const { services, handlers } = await setup();
    const request = { postId: 'p_1', reaction: 'well_sourced' };
    const ack = await handlers.reactToPost({ ...request, hold: true }, page('https://news.example/a'));
    expect(ack).toMatchObject({ status: 'queued', heldUntil: 1_000_000 + UNDO_WINDOW_MS });
    const [item] = (await services.outbox()).list();
    expect(item?.holdUntil).toBe(1_000_000 + UNDO_WINDOW_MS);
    const view = await statesOn(services, 'https://news.example/b');
    expect(view[0]?.reactions[0]).toMatchObject({ status: 'queued', heldUntil: 1_000_000 + UNDO_WINDOW_MS });

    // Another site cannot undo it; this one can, within the window.
    await expect(handlers.undoReaction(request, page('https://other.example/'))).rejects.toMatchObject({
      code: 'not_allowed',
    });
    await handlers.undoReaction(request, page('https://news.example/c'));
    expect((await services.outbox()).list()).toEqual([]);

    // After the window it is on its way: too late.
    await handlers.reactToPost({ ...request, hold: true }, page('https://news.example/a'));
    vi.setSystemTime(1_000_000 + UNDO_WINDOW_MS + 1);
    await expect(handlers.undoReaction(request, page('https://news.example/a'))).rejects.toMatchObject({
      code: 'not_allowed',
      message: expect.stringContaining('Too late'),
    });
    expect((await services.outbox()).list()).toHaveLength(1);
  });

  it('does not hold a reaction the bar saw clicked (no hold asked)', async () => {
    const { handlers } = await setup();
    const ack = await handlers.reactToPost({ postId: 'p_1', reaction: 'well_sourced' }, page('https://news.example/a'));
    expect(ack).not.toHaveProperty('heldUntil');
  });
});
