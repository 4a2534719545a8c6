import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReactionKindsEditor } from '@/entrypoints/options/ReactionKindsEditor';
import { AUTOSAVE_DELAY_MS, type SettingsChange } from '@/entrypoints/options/use-settings';
import { useEnglishMessages, useLocaleMessages } from '../../support/locale';

const WELL_SOURCED = { value: 'well_sourced', label: 'Well sourced' };
const AGREE = { value: 'agree', label: 'Agree' };

describe('ReactionKindsEditor', () => {
  let save: ReturnType<typeof vi.fn<(change: SettingsChange) => Promise<string | undefined>>>;
  beforeEach(() => {
    useEnglishMessages();
    save = vi.fn(async () => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  /** Lets the autosave delay pass (fake timers), so a save that was going to happen has happened. */
  const pastAutosaveDelay = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 1);
    });

  const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

  it('shows each kind with its value and label', async () => {
    vi.useFakeTimers();
    render(<ReactionKindsEditor kinds={[WELL_SOURCED, AGREE]} save={save} />);
    expect(textbox('Value of reaction 1').value).toBe('well_sourced');
    expect(textbox('Label of reaction 1').value).toBe('Well sourced');
    expect(textbox('Value of reaction 2').value).toBe('agree');
    // Nothing changed: nothing saved, even once the autosave delay has passed.
    await pastAutosaveDelay();
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the default kind's words in the browser's language and keeps it without a label until one is typed", async () => {
    useLocaleMessages('de');
    vi.useFakeTimers();
    render(<ReactionKindsEditor kinds={[{ value: 'well_sourced' }, AGREE]} save={save} />);
    expect(textbox('Beschriftung der Reaktion 1').value).toBe('Gut belegt');
    await pastAutosaveDelay();
    expect(save).not.toHaveBeenCalled();
    // Another row changes: the default is saved as it was, without a label.
    fireEvent.input(textbox('Beschriftung der Reaktion 2'), { target: { value: 'Zustimmung' } });
    await pastAutosaveDelay();
    expect(save).toHaveBeenLastCalledWith({
      reactionKinds: [{ value: 'well_sourced' }, { value: 'agree', label: 'Zustimmung' }],
    });
    // Typed into: the user's words from then on, exactly.
    fireEvent.input(textbox('Beschriftung der Reaktion 1'), { target: { value: 'Well sourced' } });
    await pastAutosaveDelay();
    expect(save).toHaveBeenLastCalledWith({
      reactionKinds: [
        { value: 'well_sourced', label: 'Well sourced' },
        { value: 'agree', label: 'Zustimmung' },
      ],
    });
  });

  it('saves a changed label (trimmed) once typing rests, and says so', async () => {
    render(<ReactionKindsEditor kinds={[WELL_SOURCED]} save={save} />);
    fireEvent.input(textbox('Label of reaction 1'), { target: { value: ' Well-sourced claim ' } });
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ reactionKinds: [{ value: 'well_sourced', label: 'Well-sourced claim' }] }),
    );
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('marks an invalid value and saves nothing until it is fixed', async () => {
    vi.useFakeTimers();
    render(<ReactionKindsEditor kinds={[WELL_SOURCED]} save={save} />);
    fireEvent.input(textbox('Value of reaction 1'), { target: { value: 'Well Sourced' } });
    expect(screen.getByText(/Lowercase letters, digits and _ only/)).toBeTruthy();
    expect(textbox('Value of reaction 1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Not saved yet: fix what is marked.');
    // While invalid, nothing is saved however long typing rests.
    await pastAutosaveDelay();
    expect(save).not.toHaveBeenCalled();
    fireEvent.input(textbox('Value of reaction 1'), { target: { value: 'well_sourced' } });
    expect(screen.getByRole('status').textContent).toBe('');
    // Fixed back to what is saved: still nothing to save once the delay has passed.
    await pastAutosaveDelay();
    expect(save).not.toHaveBeenCalled();
  });

  it('adds a kind, refuses it while empty or a duplicate, then saves it', async () => {
    render(<ReactionKindsEditor kinds={[WELL_SOURCED]} save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add reaction' }));
    expect(screen.getByText('A value is needed.')).toBeTruthy();
    expect(screen.getByText('A label is needed.')).toBeTruthy();
    fireEvent.input(textbox('Value of reaction 2'), { target: { value: 'well_sourced' } });
    fireEvent.input(textbox('Label of reaction 2'), { target: { value: 'Twice' } });
    expect(screen.getAllByText('This value is used twice.')).toHaveLength(2);
    fireEvent.input(textbox('Value of reaction 2'), { target: { value: 'insightful' } });
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ reactionKinds: [WELL_SOURCED, { value: 'insightful', label: 'Twice' }] }),
    );
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('reorders kinds with the move buttons', async () => {
    render(<ReactionKindsEditor kinds={[WELL_SOURCED, AGREE]} save={save} />);
    expect(screen.getByRole('button', { name: 'Move reaction 1 up' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move reaction 1 down' }));
    expect(textbox('Value of reaction 1').value).toBe('agree');
    await waitFor(() => expect(save).toHaveBeenCalledWith({ reactionKinds: [AGREE, WELL_SOURCED] }));
  });

  it('removes a kind, but never the last one', async () => {
    render(<ReactionKindsEditor kinds={[WELL_SOURCED, AGREE]} save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove reaction 1' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ reactionKinds: [AGREE] }));
    expect(screen.getByRole('button', { name: 'Remove reaction 1' }).hasAttribute('disabled')).toBe(true);
  });

  it('allows at most eight kinds', () => {
    const kinds = Array.from({ length: 8 }, (_, n) => ({ value: `kind_${n}`, label: `Kind ${n}` }));
    render(<ReactionKindsEditor kinds={kinds} save={save} />);
    expect(screen.getByRole('button', { name: 'Add reaction' }).hasAttribute('disabled')).toBe(true);
  });

  it('takes kinds another page saved while nothing is edited here, and saves nothing back', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<ReactionKindsEditor kinds={[WELL_SOURCED]} save={save} />);
    rerender(<ReactionKindsEditor kinds={[WELL_SOURCED, AGREE]} save={save} />);
    expect(textbox('Value of reaction 2').value).toBe('agree');
    await pastAutosaveDelay();
    expect(save).not.toHaveBeenCalled();
  });

  it('a kind added elsewhere while a label is being typed here: both are kept and saved', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<ReactionKindsEditor kinds={[WELL_SOURCED]} save={save} />);
    fireEvent.input(textbox('Label of reaction 1'), { target: { value: 'Sourced' } });
    rerender(<ReactionKindsEditor kinds={[WELL_SOURCED, AGREE]} save={save} />);
    expect(textbox('Label of reaction 1').value).toBe('Sourced');
    expect(textbox('Value of reaction 2').value).toBe('agree');
    await pastAutosaveDelay();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith({ reactionKinds: [{ value: 'well_sourced', label: 'Sourced' }, AGREE] });
  });

  it('says why a save was refused', async () => {
    save.mockResolvedValue('the value was not accepted.');
    render(<ReactionKindsEditor kinds={[WELL_SOURCED]} save={save} />);
    fireEvent.input(textbox('Label of reaction 1'), { target: { value: 'Sourced' } });
    expect(await screen.findByText('Not saved: the value was not accepted.')).toBeTruthy();
  });
});
