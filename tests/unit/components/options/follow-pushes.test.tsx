import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { App } from '@/entrypoints/options/App';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/storage/settings';
import { fakeStore, push, resetFakeStore } from '../../support/fake-page-store';
import { useEnglishMessages } from '../../support/locale';
import { fakePermissions } from '../../support/permissions';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));
vi.mock('@/lib/ui/page-store', async () => (await import('../../support/fake-page-store')).fakePageStoreModule(send));

/**
 * The options page's fields follow the settings the background pushes (a mute from the side panel),
 * so the page's next save never writes an older list back over it (docs/decisions.md, "Options
 * fields follow pushes").
 */
describe('options page: the fields follow pushed settings', () => {
  /** The settings as the background holds them: a save changes them and answers them whole. */
  let stored: Settings;
  beforeEach(() => {
    useEnglishMessages();
    stored = { ...DEFAULT_SETTINGS };
    resetFakeStore();
    vi.spyOn(browser.commands, 'getAll').mockImplementation((async () => []) as never);
    fakePermissions(false, true);
    send.mockReset();
    send.mockImplementation(async (name: string, change?: Partial<Settings>) => {
      if (name === 'getSettings') return { ok: true, data: stored };
      if (name === 'saveSettings') {
        stored = { ...stored, ...change };
        return { ok: true, data: stored };
      }
      return { ok: true, data: null };
    });
  });
  afterEach(() => cleanup());

  const mutedPeople = async () => (await screen.findByRole('textbox', { name: 'Muted people' })) as HTMLTextAreaElement;
  /** Another page muted `handles` (the side panel's "Mute @handle"): the background pushes the settings. */
  const mutedElsewhere = (...handles: string[]) => {
    stored = { ...stored, mutedAuthors: [...stored.mutedAuthors, ...handles] };
    act(() => push({ settings: stored }));
  };
  const savedAuthors = () =>
    send.mock.calls.filter(([name]) => name === 'saveSettings').map(([, change]) => change.mutedAuthors);

  it('a mute pushed from another page shows in "Muted people", and is not saved back', async () => {
    render(<App />);
    expect((await mutedPeople()).value).toBe('');
    mutedElsewhere('demo');
    await waitFor(async () => expect((await mutedPeople()).value).toBe('demo'));
    // Taking the pushed value is not an edit: nothing to save (well past the autosave delay).
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(savedAuthors()).toEqual([]);
  });

  it('then adding a person there saves both: the pushed mute is kept', async () => {
    render(<App />);
    await mutedPeople();
    mutedElsewhere('demo');
    await waitFor(async () => expect((await mutedPeople()).value).toBe('demo'));
    fireEvent.input(await mutedPeople(), { target: { value: 'demo\n@carol' } });
    await waitFor(() => expect(stored.mutedAuthors).toEqual(['demo', 'carol']), { timeout: 3000 });
    expect(savedAuthors()).toEqual([['demo', 'carol']]);
    // The save's own answer leaves the text as typed.
    expect((await mutedPeople()).value).toBe('demo\n@carol');
  });

  it('a push while the user is typing keeps the typing, adds the pushed mute, and saves both', async () => {
    render(<App />);
    await mutedPeople();
    // Typed, not saved yet (the autosave waits for typing to rest).
    fireEvent.input(await mutedPeople(), { target: { value: '@carol' } });
    mutedElsewhere('demo');
    await waitFor(async () => expect((await mutedPeople()).value).toBe('@carol\ndemo'));
    await waitFor(() => expect(stored.mutedAuthors).toEqual(['carol', 'demo']), { timeout: 3000 });
    expect(savedAuthors()).toEqual([['carol', 'demo']]);
  });

  it('a push while the user is typing leaves the caret where they were typing', async () => {
    render(<App />);
    const box = await mutedPeople();
    box.focus();
    fireEvent.input(box, { target: { value: '@carl' } });
    box.setSelectionRange(4, 4);
    mutedElsewhere('demo');
    await waitFor(async () => expect((await mutedPeople()).value).toBe('@carl\ndemo'));
    expect([box.selectionStart, box.selectionEnd]).toEqual([4, 4]);
  });

  it('an unmute pushed while the user is typing takes that line away, and the save does not bring it back', async () => {
    stored = { ...stored, mutedAuthors: ['demo', 'erin'] };
    render(<App />);
    await waitFor(async () => expect((await mutedPeople()).value).toBe('demo\nerin'));
    fireEvent.input(await mutedPeople(), { target: { value: 'demo\nerin\n@caro' } });
    stored = { ...stored, mutedAuthors: ['erin'] };
    act(() => push({ settings: stored }));
    await waitFor(async () => expect((await mutedPeople()).value).toBe('erin\n@caro'));
    await waitFor(() => expect(stored.mutedAuthors).toEqual(['erin', 'caro']), { timeout: 3000 });
  });

  it('a line being typed that is not valid yet stays, with the pushed mute beside it, until it is fixed', async () => {
    render(<App />);
    await mutedPeople();
    fireEvent.input(await mutedPeople(), { target: { value: 'car ol' } });
    mutedElsewhere('demo');
    await waitFor(async () => expect((await mutedPeople()).value).toBe('car ol\ndemo'));
    expect(await screen.findByText(/car ol — not a handle/)).toBeTruthy();
    fireEvent.input(await mutedPeople(), { target: { value: 'carol\ndemo' } });
    await waitFor(() => expect(stored.mutedAuthors).toEqual(['carol', 'demo']), { timeout: 3000 });
    expect(fakeStore.settings?.mutedAuthors).toEqual(['carol', 'demo']);
  });
});
