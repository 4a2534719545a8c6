import { beforeEach, describe, expect, it } from 'vitest';
import { isEmptyPlan, planImport } from '@/entrypoints/options/backup/changes';
import { backupText, buildBackup, parseBackup } from '@/entrypoints/options/backup/format';
import { MAX_SAVED_POSTS } from '@/lib/storage/saved-limits';
import type { SavedPost } from '@/lib/storage/saved-posts';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import { useEnglishMessages } from '../../support/locale';
import { accountView, errorOf } from './fixtures';

const NOW = new Date('2026-11-29T10:00:00.000Z');

function saved(id: string, savedAt: number): SavedPost {
  return {
    id,
    source: 'https://debate.example',
    savedAt,
    author: { handle: 'ann', displayName: 'Ann' },
    body: `Saved ${id}`,
    createdAt: '2026-11-28T09:00:00.000Z',
    url: `https://debate.example/posts/${id}`,
  };
}

/** The backup's JSON with its saved posts changed by `edit`. */
function withSaved(edit: (posts: Record<string, unknown>[]) => void): string {
  const file = JSON.parse(backupText(buildBackup(DEFAULT_SETTINGS, [], NOW, [saved('a', 2), saved('b', 1)])));
  edit(file.saved);
  return JSON.stringify(file);
}

describe('saved posts in the backup file', () => {
  beforeEach(() => useEnglishMessages());

  it('round-trips: the saved posts exported are the saved posts read back', () => {
    const posts = [saved('a', 2), saved('b', 1)];
    const parsed = parseBackup(backupText(buildBackup(DEFAULT_SETTINGS, [accountView()], NOW, posts)));
    expect(parsed.ok && parsed.backup.saved).toEqual(posts);
  });

  it('reads a file without saved posts (this version, or one made before them) as before', () => {
    const none = parseBackup(backupText(buildBackup(DEFAULT_SETTINGS, [], NOW)));
    expect(none.ok && none.backup.saved).toBeUndefined();
    const older = JSON.parse(backupText(buildBackup(DEFAULT_SETTINGS, [], NOW)));
    older.version = 2;
    expect(parseBackup(JSON.stringify(older)).ok).toBe(true);
  });

  it('refuses a file with a bad saved post whole, naming the field', () => {
    expect(errorOf(withSaved((posts) => Object.assign(posts[1] ?? {}, { source: 'javascript:alert(1)' })))).toContain(
      'saved[1].source',
    );
    expect(errorOf(withSaved((posts) => Object.assign(posts[0] ?? {}, { body: 'x'.repeat(10_001) })))).toMatch(
      /saved\[0\]\.body.*too long/,
    );
    expect(errorOf(withSaved((posts) => Object.assign(posts[0] ?? {}, { html: '<b>' })))).toContain('saved[0].html');
    expect(errorOf(withSaved((posts) => Object.assign(posts[0] ?? {}, { id: undefined })))).toMatch(
      /saved\[0\]\.id.*missing/,
    );
    const tooMany = withSaved((posts) => {
      for (let i = 0; i <= MAX_SAVED_POSTS; i++) posts.push(saved(`p${i}`, i));
    });
    expect(errorOf(tooMany)).toContain('saved');
  });

  it('plans to add the posts not saved here yet, and says how many do not fit', () => {
    const backup = buildBackup(DEFAULT_SETTINGS, [], NOW, [saved('a', 2), saved('b', 1)]);
    const plan = planImport(DEFAULT_SETTINGS, [], backup, [saved('a', 5)]);
    expect(plan.saved.add.map((post) => post.id)).toEqual(['b']);
    expect(plan.saved.noRoom).toBe(0);
    expect(isEmptyPlan(plan)).toBe(false);
    expect(isEmptyPlan(planImport(DEFAULT_SETTINGS, [], backup, [saved('a', 5), saved('b', 6)]))).toBe(true);
    const full = Array.from({ length: MAX_SAVED_POSTS }, (_, i) => saved(`p${i}`, i));
    expect(planImport(DEFAULT_SETTINGS, [], backup, full).saved).toEqual({ add: [], noRoom: 2 });
  });
});
