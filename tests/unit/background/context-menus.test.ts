import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContextMenus, MENU_IDS, quoteDraft } from '@/entrypoints/background/context-menus';
import type { Drafts } from '@/entrypoints/background/drafts';
import { MAX_DRAFT_LENGTH } from '@/lib/storage/draft-limit';
import type { PendingDraft } from '@/lib/storage/pending-draft';
import { updateSettings } from '@/lib/storage/settings';
import { useEnglishMessages, useLocaleMessages } from '../support/locale';

const SITE = 'http://127.0.0.1:8787';

function setup() {
  const react = vi.fn(async () => undefined);
  const openFromGesture = vi.fn(
    async (_draft: PendingDraft | Promise<PendingDraft | null>, _tabId?: number) => undefined,
  );
  const menus = new ContextMenus({ react, drafts: { openFromGesture } as unknown as Drafts });
  const created: { id?: string | number; title?: string; contexts?: string[]; targetUrlPatterns?: string[] }[] = [];
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockImplementation(async () => {
    created.length = 0;
  });
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation((properties, callback) => {
    created.push(properties);
    callback?.();
    return properties.id ?? '';
  });
  return { menus, react, openFromGesture, created };
}

const click = (menuItemId: string, extra: Record<string, unknown> = {}) =>
  ({ menuItemId, editable: false, pageUrl: 'https://news.example/today', ...extra }) as never;

describe('context menus', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    useEnglishMessages();
    await updateSettings({
      baseUrl: SITE,
      reactionKinds: [
        { value: 'well_sourced', label: 'Well sourced' },
        { value: 'agree', label: 'Agree' },
      ],
      linkPatterns: ['https://debate.example/p/{id}'],
    });
  });

  it('offers one React entry per kind and Reply on post links, and Post this quote on selections', async () => {
    const { menus, created } = setup();
    await menus.sync();
    const targets = ['http://127.0.0.1/posts/*', 'https://debate.example/p/*'];
    expect(created).toEqual([
      {
        id: `${MENU_IDS.reactPrefix}well_sourced`,
        title: 'React: Well sourced',
        contexts: ['link'],
        targetUrlPatterns: targets,
      },
      { id: `${MENU_IDS.reactPrefix}agree`, title: 'React: Agree', contexts: ['link'], targetUrlPatterns: targets },
      { id: MENU_IDS.reply, title: 'Reply…', contexts: ['link'], targetUrlPatterns: targets },
      { id: MENU_IDS.quote, title: 'Post this quote', contexts: ['selection'] },
    ]);
    // Built again from scratch on every change: no duplicates.
    await menus.sync();
    expect(created).toHaveLength(4);
  });

  it("names the default kind in the browser's language, a typed label as typed", async () => {
    useLocaleMessages('de');
    await updateSettings({ reactionKinds: [{ value: 'well_sourced' }, { value: 'agree', label: 'Agree' }] });
    const { menus, created } = setup();
    await menus.sync();
    expect(created.slice(0, 2).map((entry) => entry.title)).toEqual(['Reagieren: Gut belegt', 'Reagieren: Agree']);
  });

  it('reacts to the post the clicked link points to, exactly (a cold worker reads the settings first)', async () => {
    const { menus, react } = setup();
    await menus.onClicked(click(`${MENU_IDS.reactPrefix}agree`, { linkUrl: `${SITE}/posts/p_1?ref=x#c` }), undefined);
    expect(react).toHaveBeenCalledWith('p_1', 'agree');
    await menus.sync();
    await menus.onClicked(
      click(`${MENU_IDS.reactPrefix}well_sourced`, { linkUrl: 'https://debate.example/p/p_2' }),
      undefined,
    );
    expect(react).toHaveBeenLastCalledWith('p_2', 'well_sourced');
  });

  it('does nothing for links the wide menu filter lets through but the patterns do not match', async () => {
    const { menus, react, openFromGesture } = setup();
    await menus.sync();
    for (const linkUrl of [
      'http://127.0.0.1:9999/posts/p_1',
      'http://127.0.0.1/posts/p_1/comments',
      'https://debate.example@evil.example/p/p_1',
      'http://127.0.0.1:8787/posts/..',
    ]) {
      await menus.onClicked(click(`${MENU_IDS.reactPrefix}agree`, { linkUrl }), undefined);
      await menus.onClicked(click(MENU_IDS.reply, { linkUrl }), undefined);
    }
    expect(react).not.toHaveBeenCalled();
    expect(openFromGesture).not.toHaveBeenCalled();
  });

  it('opens the reply composer for the post: with the draft at once when warm, right after opening when cold', async () => {
    const { menus, openFromGesture } = setup();
    await menus.onClicked(click(MENU_IDS.reply, { linkUrl: `${SITE}/posts/p_3` }), { id: 7 } as never);
    const [coldDraft, coldTab] = openFromGesture.mock.calls[0] ?? [];
    expect(coldDraft).toBeInstanceOf(Promise);
    expect(await coldDraft).toEqual({ kind: 'reply', postId: 'p_3', text: '' });
    expect(coldTab).toBe(7);

    await menus.sync();
    await menus.onClicked(click(MENU_IDS.reply, { linkUrl: `${SITE}/posts/p_4` }), { id: 7 } as never);
    expect(openFromGesture).toHaveBeenLastCalledWith({ kind: 'reply', postId: 'p_4', text: '' }, 7);
  });

  it('puts a selection and its page into the composer', async () => {
    const { menus, openFromGesture } = setup();
    await menus.onClicked(click(MENU_IDS.quote, { selectionText: '  Fares   fell\n by 12%. ' }), { id: 3 } as never);
    expect(openFromGesture).toHaveBeenCalledWith(
      { kind: 'post', text: '“Fares fell by 12%.”\n\nhttps://news.example/today' },
      3,
    );
    await menus.onClicked(click(MENU_IDS.quote, { selectionText: '   ' }), undefined);
    expect(openFromGesture).toHaveBeenCalledTimes(1);
  });

  it('cites the page by origin and path only: no query, fragment or credentials leave with the quote', () => {
    expect(quoteDraft('Fares fell.', 'https://user:pw@news.example/story?session=abc123&q=me#comment-9')).toBe(
      '“Fares fell.”\n\nhttps://news.example/story',
    );
    expect(quoteDraft('Local file.', 'file:///home/me/notes.html')).toBe('“Local file.”');
    expect(quoteDraft('No page.', undefined)).toBe('“No page.”');
  });

  it('keeps a long quote within the draft limit', () => {
    const text = quoteDraft('x'.repeat(20_000), 'https://news.example/a');
    expect(text.length).toBeLessThanOrEqual(MAX_DRAFT_LENGTH);
    expect(text.endsWith('…”\n\nhttps://news.example/a')).toBe(true);
  });
});
