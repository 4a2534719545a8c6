import { describe, expect, it } from 'vitest';
import { partsOf } from '@/entrypoints/link-bar/bar-env';
import { drawBar } from '@/entrypoints/link-bar/bar-view';
import { t as barSays, useBarWords } from '@/entrypoints/link-bar/say';
import { barTemplate } from '@/entrypoints/link-bar/template';
import { t } from '@/lib/i18n';
import { barWords } from '@/lib/links/bar-words';
import { errorWords } from '@/lib/links/refusal-words';
import { toFailure } from '@/lib/messages/reply';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { Outbox } from '@/lib/queue/outbox';
import type { OutboxItem } from '@/lib/queue/types';
import { errorText } from '@/lib/ui/error-text';
import { useLocaleMessages } from '../support/locale';

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** A store the browser refuses while `full`, as IndexedDB does when its quota is spent. */
class FullableStore extends MemoryOutboxStore {
  full = false;
  override async putItem(item: OutboxItem): Promise<void> {
    if (this.full) throw quota();
    return super.putItem(item);
  }
}

describe('a full disk: the user is told in words, nothing is half-written, and it recovers', () => {
  it('a refusal for want of space, however it comes, is storage_full in words; other errors stay internal', () => {
    const abort = Object.assign(new DOMException('aborted', 'AbortError'), { error: quota() });
    for (const error of [quota(), new Error('write failed', { cause: quota() }), abort]) {
      expect(toFailure(error, 0).error.code).toBe('storage_full');
    }
    expect(toFailure(new Error('disk on fire'), 0).error.code).toBe('internal');
    const words = toFailure(quota(), 0).error;
    expect(words.message).toMatch(/storage is full.*not saved.*nothing was lost/);
    // Pages and bars say it in the browser's language.
    for (const locale of ['en', 'de', 'fr']) {
      useLocaleMessages(locale);
      expect(errorText(words)).toMatch(/storage|Speicher|stockage/);
      expect(errorWords(words, t)).toBe(errorText(words));
      useBarWords(barWords(t));
      expect(errorWords(words, barSays)).toBe(errorText(words));
    }
  });

  it('a write the store refuses is not in the Outbox; what was there is intact; with space back it goes in', async () => {
    const store = new FullableStore();
    let ids = 0;
    const outbox = await Outbox.open({
      store,
      sender: () => new Promise(() => undefined),
      findLanded: async () => [],
      newId: () => `item-${++ids}`,
    });
    await outbox.enqueue('acct', { kind: 'post', body: 'Before the disk filled' });
    store.full = true;
    const refused = await outbox.enqueue('acct', { kind: 'post', body: 'Refused' }).catch((error: unknown) => error);
    expect(toFailure(refused, 0).error.code).toBe('storage_full');
    expect(outbox.list().map((item) => item.request.kind === 'post' && item.request.body)).toEqual([
      'Before the disk filled',
    ]);
    const reopened = await Outbox.open({
      store,
      sender: () => new Promise(() => undefined),
      findLanded: async () => [],
    });
    expect(reopened.list()).toHaveLength(1);
    store.full = false;
    await outbox.enqueue('acct', { kind: 'post', body: 'After space came back' });
    expect(outbox.list()).toHaveLength(2);
  });

  it("the inline bar's status line says it, as the bar does with a refused reaction", () => {
    useLocaleMessages('en');
    useBarWords(barWords(t));
    const root = document.createElement('span').attachShadow({ mode: 'open' });
    root.append(barTemplate([{ value: 'well_sourced', label: 'Well sourced' }]));
    const parts = partsOf(root);
    const refusal = toFailure(quota(), 0).error;
    drawBar(parts, {
      state: undefined,
      lastAction: 'well_sourced',
      note: { text: errorWords(refusal, barSays), bad: true },
      labelOf: (what) => what,
      now: 0,
    });
    expect(parts.status.textContent).toBe(
      "Your browser's storage is full, so this was not saved; nothing was lost. Free some disk space, then try again.",
    );
    expect(parts.status.classList.contains('bad')).toBe(true);
  });
});
