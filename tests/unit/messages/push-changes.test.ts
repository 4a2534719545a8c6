import { describe, expect, it } from 'vitest';
import { DecorationWatch } from '@/lib/links/decorations';
import { PushChanges } from '@/lib/messages/push-changes';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';

describe('what the next push carries, gathered since the last one', () => {
  it('keeps the latest settings and whether the draft moved, once', () => {
    const changes = new PushChanges();
    changes.settingsChanged({ ...DEFAULT_SETTINGS, mutedWords: ['a'] });
    changes.settingsChanged({ ...DEFAULT_SETTINGS, mutedWords: ['b'] });
    changes.draftMoved();
    const first = changes.take();
    expect(first.settings?.mutedWords).toEqual(['b']);
    expect(first.draftChanged).toBe(true);
    expect(changes.take()).toEqual({ delta: undefined, posts: new Set(), settings: undefined, draftChanged: false });
  });
});

describe('link scripts and menus are rebuilt only when what they are made of changed', () => {
  it('a mute, a notification choice or the history bounds rebuild nothing; the site, patterns, kinds, all sites and exclusions do', () => {
    const watch = new DecorationWatch();
    expect(watch.changed(DEFAULT_SETTINGS)).toBe(true);
    expect(watch.changed({ ...DEFAULT_SETTINGS })).toBe(false);
    for (const quiet of [{ mutedWords: ['x'] }, { notify: true }, { keepSent: 5, keepSentDays: 3 }]) {
      expect(watch.changed({ ...DEFAULT_SETTINGS, ...quiet })).toBe(false);
    }
    const loud = [
      { baseUrl: 'https://debate.example/' },
      { linkPatterns: ['https://debate.example/p/:id'] },
      { reactionKinds: [] },
      { decorateAllSites: true },
      { excludedHosts: ['news.example'] },
    ];
    for (const change of loud) {
      expect(watch.changed({ ...DEFAULT_SETTINGS, ...change })).toBe(true);
      expect(watch.changed(DEFAULT_SETTINGS)).toBe(true);
    }
  });
});
