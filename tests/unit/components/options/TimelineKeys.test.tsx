import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimelineKeys } from '@/entrypoints/options/TimelineKeys';
import type { SettingsChange } from '@/entrypoints/options/use-settings';
import { DEFAULT_KEYMAP } from '@/lib/storage/keymap';
import { useEnglishMessages } from '../../support/locale';

type Save = (change: SettingsChange) => Promise<string | undefined>;

describe('TimelineKeys: a map saved elsewhere (an import, another options tab)', () => {
  let save: ReturnType<typeof vi.fn<Save>>;
  beforeEach(() => {
    useEnglishMessages();
    save = vi.fn<Save>(async () => undefined);
  });
  afterEach(() => cleanup());

  const key = (name: string) => screen.getByRole('textbox', { name: `Key for “${name}”` }) as HTMLInputElement;

  it('shows in the fields when nothing is edited here', () => {
    const { rerender } = render(<TimelineKeys keys={DEFAULT_KEYMAP} save={save} />);
    expect(key('Next post').value).toBe('j');
    rerender(<TimelineKeys keys={{ ...DEFAULT_KEYMAP, next: 'n' }} save={save} />);
    expect(key('Next post').value).toBe('n');
  });

  it('fills the fields not edited here; the one typed in keeps its key, and Save sends both', async () => {
    const { rerender } = render(<TimelineKeys keys={DEFAULT_KEYMAP} save={save} />);
    fireEvent.input(key('Previous post'), { target: { value: 'p' } });
    rerender(<TimelineKeys keys={{ ...DEFAULT_KEYMAP, next: 'n' }} save={save} />);
    expect([key('Next post').value, key('Previous post').value]).toEqual(['n', 'p']);
    fireEvent.click(screen.getByRole('button', { name: 'Save shortcuts' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ keys: { ...DEFAULT_KEYMAP, next: 'n', previous: 'p' } }));
  });
});
