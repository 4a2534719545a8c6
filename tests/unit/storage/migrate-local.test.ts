import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { legacyDraftsItem, readDrafts } from '@/lib/storage/drafts';
import { migrateFromStorageLocal } from '@/lib/storage/migrate-local';
import { readSettings, settingsItem } from '@/lib/storage/settings';

describe('moving earlier versions’ storage.local values into the prefs store', () => {
  beforeEach(() => fakeBrowser.reset());

  it('moves them once, parsed as any stored value, and removes them from storage.local', async () => {
    await fakeBrowser.storage.local.set({
      settings: { baseUrl: 'https://debate.example', reactionKinds: 'damaged' },
      drafts: { texts: { post: 'Half a thought' }, changedAt: { post: 1 } },
      unrelated: 1,
    });
    await migrateFromStorageLocal([settingsItem, legacyDraftsItem]);
    const settings = await readSettings();
    expect(settings.baseUrl).toBe('https://debate.example');
    expect(settings.reactionKinds).toEqual([{ value: 'well_sourced' }]);
    expect((await readDrafts()).texts).toEqual({ post: 'Half a thought' });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ unrelated: 1 });
  });

  it('never overwrites a value already in the prefs store (a page may have planted the old one)', async () => {
    await settingsItem.setValue({ ...(await readSettings()), baseUrl: 'https://debate.example' });
    await fakeBrowser.storage.local.set({ settings: { baseUrl: 'https://evil.example' } });
    await migrateFromStorageLocal([settingsItem]);
    expect((await readSettings()).baseUrl).toBe('https://debate.example');
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({});
  });

  it('moves only at the first start: what a content process plants in storage.local later stays out', async () => {
    await fakeBrowser.storage.local.set({ settings: { baseUrl: 'https://debate.example' } });
    await migrateFromStorageLocal([settingsItem]);
    // Firefox's content processes can write storage.local; a later start must not take it up, even
    // into a pref that has no value yet (no drafts were ever saved).
    await fakeBrowser.storage.local.set({
      drafts: { texts: { post: 'Planted by the page.' }, changedAt: { post: 1 } },
    });
    await migrateFromStorageLocal([settingsItem, legacyDraftsItem]);
    expect((await readDrafts()).texts).toEqual({});
    expect((await readSettings()).baseUrl).toBe('https://debate.example');
  });
});
