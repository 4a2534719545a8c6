import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { panelCache } from '@/entrypoints/sidepanel/fast-open/panel-cache';
import { keepPictures, type LivePanel } from '@/entrypoints/sidepanel/fast-open/picture-live';
import { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import { panelScreen } from './panel-screen';

const keepPicture = vi.hoisted(() => vi.fn());
vi.mock('@/entrypoints/sidepanel/fast-open/picture-keep', () => ({ keepPicture }));

const PAGE = [{ id: 'p1' }, { id: 'p2' }];
/** Two frames and the tasks after them: what the keeps wait for the render and its effects. */
const frames = async () => {
  for (let frame = 0; frame < 3; frame++) {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }
};

/** The live panel as main.tsx makes it, its fresh first page (the kept one) loaded. */
async function livePanel(): Promise<LivePanel> {
  const kept = panelCache();
  const store = new TimelineStore(
    async () => ({ ok: true, data: { items: PAGE, nextCursor: null } }) as never,
    kept.firstPage,
  );
  const drafts = new DraftStore();
  await drafts.load();
  const panel = { store, drafts, kept, firstLoad: store.loadFirst(), seeded: undefined, painted: Promise.resolve() };
  keepPictures(panelScreen(), panel, () => 'Reply');
  await panel.firstLoad;
  return panel;
}

describe('keeping the picture from the live panel', () => {
  beforeEach(() => {
    localStorage.clear();
    keepPicture.mockClear();
  });
  afterEach(() => document.body.replaceChildren());

  it('keeps it once the fresh first page is drawn, then again each time the record it shows changes', async () => {
    const panel = await livePanel();
    await frames();
    await vi.waitFor(() => expect(keepPicture).toHaveBeenCalledTimes(1));
    expect(keepPicture).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ fresh: true }));
    // The status arrives, after every other keep: the speaker line it brings is kept with the posts.
    panel.kept.rememberSpeaker({ options: [{ id: 'acct-1', text: 'Dana' }], chosen: 'acct-1' });
    panel.kept.rememberKinds([{ value: 'well_sourced', label: 'Well sourced' }]);
    await frames();
    await vi.waitFor(() => expect(keepPicture).toHaveBeenCalledTimes(2));
    // Nothing changed: nothing written, so nothing to keep again.
    const written = vi.fn();
    panel.kept.onWrite(written);
    panel.kept.rememberSpeaker({ options: [{ id: 'acct-1', text: 'Dana' }], chosen: 'acct-1' });
    expect(written).not.toHaveBeenCalled();
  });
});
