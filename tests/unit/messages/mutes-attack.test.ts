import { describe, expect, it } from 'vitest';
import { protocol } from '@/lib/messages/protocol';
import { createRouter } from '@/lib/messages/router';
import { repairSettings } from '@/lib/storage/settings';
import {
  MAX_HANDLE_LENGTH,
  MAX_MUTED_AUTHORS,
  MAX_MUTED_WORD_LENGTH,
  MAX_MUTED_WORDS,
} from '@/lib/storage/settings-limits';
import { EXTENSION_ID, ORIGIN, senders, spyHandlers } from './fixtures';

const saveSettings = (payload: unknown) => protocol.saveSettings.request.safeParse(payload);

/*
 * A hostile page, or a renderer it compromised, speaks through our content script: it must not
 * change what the side panel hides (unmute a harasser, mute everyone) nor flood the lists.
 */
describe('mutes under attack', () => {
  it('a content script cannot change the mutes', async () => {
    const { handlers, spies } = spyHandlers();
    const router = createRouter(handlers, { extensionId: EXTENSION_ID, extensionOrigin: ORIGIN, now: () => 0 });
    const reply = await router(
      { type: 'saveSettings', payload: { mutedAuthors: [], mutedWords: [] } },
      senders.content,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(spies.saveSettings).not.toHaveBeenCalled();
  });

  it('bounds the lists and their entries at the door', () => {
    const many = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i));
    expect(saveSettings({ mutedWords: many(MAX_MUTED_WORDS, (i) => `w${i}`) }).success).toBe(true);
    expect(saveSettings({ mutedWords: many(MAX_MUTED_WORDS + 1, (i) => `w${i}`) }).success).toBe(false);
    expect(saveSettings({ mutedWords: ['x'.repeat(MAX_MUTED_WORD_LENGTH + 1)] }).success).toBe(false);
    expect(saveSettings({ mutedWords: ['   '] }).success).toBe(false);
    expect(saveSettings({ mutedAuthors: many(MAX_MUTED_AUTHORS, (i) => `a${i}`) }).success).toBe(true);
    expect(saveSettings({ mutedAuthors: many(MAX_MUTED_AUTHORS + 1, (i) => `a${i}`) }).success).toBe(false);
    expect(saveSettings({ mutedAuthors: ['a'.repeat(MAX_HANDLE_LENGTH + 1)] }).success).toBe(false);
    expect(saveSettings({ mutedAuthors: ['two words'] }).success).toBe(false);
    expect(saveSettings({ mutedAuthors: ['@alice'] }).success).toBe(false);
    expect(saveSettings({ mutedAuthors: ['alice@example.social'] }).success).toBe(true);
  });

  it('a damaged stored list falls back to none, keeping the other settings', () => {
    const repaired = repairSettings({ keepSent: 50, mutedWords: 'not a list', mutedAuthors: [{}] });
    expect(repaired).toMatchObject({ keepSent: 50, mutedWords: [], mutedAuthors: [] });
  });
});
