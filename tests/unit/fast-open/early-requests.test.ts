import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRequests, takeEarlyRequests } from '@/entrypoints/sidepanel/fast-open/early-requests';
import { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { FIRST_PAGE } from '@/entrypoints/sidepanel/state/timeline-store';
import { writeDrafts } from '@/lib/storage/drafts';

describe('early requests', () => {
  it('reads nothing, and creates no database, when the extension has none yet', async () => {
    const { readPrefsRaw } = await import('@/lib/storage/prefs');
    const { IDBFactory } = await import('fake-indexeddb');
    const empty = new IDBFactory();
    vi.stubGlobal('indexedDB', empty);
    expect(await readPrefsRaw('drafts', 'draft:')).toBeUndefined();
    expect(await empty.databases()).toEqual([]);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(globalThis, '__debateCompanionEarly');
  });

  it('asks for the first page and the settings and reads the drafts at once, and hands the answers over once', async () => {
    const sendMessage = vi.fn(async (message: { type: string }) => ({ ok: true, data: message.type }));
    vi.stubGlobal('browser', { runtime: { sendMessage } });
    await writeDrafts(new Map([['post', { text: 'Hi', at: 1 }]]));
    startEarlyRequests();
    expect(sendMessage.mock.calls).toEqual([
      [{ type: 'getTimelinePage', payload: { limit: FIRST_PAGE } }],
      [{ type: 'getSettings' }],
    ]);
    const early = takeEarlyRequests();
    expect(await early?.firstPage).toEqual({ ok: true, data: 'getTimelinePage' });
    expect(await early?.settings).toEqual({ ok: true, data: 'getSettings' });
    const drafts = new DraftStore();
    await drafts.load(early?.drafts);
    expect(drafts.get('post')).toBe('Hi');
    expect(takeEarlyRequests()).toBeUndefined();
  });

  it('hands a failed send over as a rejection for the main script to retry, never unhandled', async () => {
    vi.stubGlobal('browser', {
      runtime: {
        sendMessage: () => {
          throw new Error('Receiving end does not exist');
        },
      },
    });
    startEarlyRequests();
    await expect(takeEarlyRequests()?.firstPage).rejects.toThrow('Receiving end');
  });

  it('sends nothing when the main script already looked (the early script came late)', () => {
    const sendMessage = vi.fn(async () => ({ ok: true, data: null }));
    vi.stubGlobal('browser', { runtime: { sendMessage } });
    expect(takeEarlyRequests()).toBeUndefined();
    startEarlyRequests();
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('leaves nothing when there is no extension runtime', () => {
    vi.stubGlobal('browser', undefined);
    vi.stubGlobal('chrome', undefined);
    startEarlyRequests();
    expect(takeEarlyRequests()).toBeUndefined();
  });
});
