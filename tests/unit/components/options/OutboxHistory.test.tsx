import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxHistory } from '@/entrypoints/options/OutboxHistory';
import { AUTOSAVE_DELAY_MS, type SettingsChange } from '@/entrypoints/options/use-settings';
import { useEnglishMessages } from '../../support/locale';

type Save = (change: SettingsChange) => Promise<string | undefined>;

describe('OutboxHistory', () => {
  let save: ReturnType<typeof vi.fn<Save>>;
  beforeEach(() => {
    useEnglishMessages();
    save = vi.fn<Save>(async () => undefined);
  });
  afterEach(() => cleanup());

  const count = () => screen.getByRole('spinbutton', { name: /Sent writes to keep/ }) as HTMLInputElement;
  const days = () => screen.getByRole('spinbutton', { name: /Days to keep them/ }) as HTMLInputElement;

  it('saves both bounds once they are valid, and says why it does not save otherwise', async () => {
    render(<OutboxHistory saved={{ keepSent: 200, keepSentDays: 7 }} save={save} />);
    expect([count().value, days().value]).toEqual(['200', '7']);
    fireEvent.input(count(), { target: { value: '5' } });
    await waitFor(() => expect(count().getAttribute('aria-invalid')).toBe('true'));
    expect(await screen.findByText(/Not saved/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.input(count(), { target: { value: '500' } });
    fireEvent.input(days(), { target: { value: '30' } });
    await waitFor(() => expect(save).toHaveBeenCalledWith({ keepSent: 500, keepSentDays: 30 }), { timeout: 3000 });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  describe('bounds saved elsewhere (an import, another options tab)', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    const pastAutosaveDelay = () =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 1);
      });

    it('show here when nothing is edited, and are not saved back', async () => {
      const { rerender } = render(<OutboxHistory saved={{ keepSent: 200, keepSentDays: 7 }} save={save} />);
      rerender(<OutboxHistory saved={{ keepSent: 300, keepSentDays: 14 }} save={save} />);
      expect([count().value, days().value]).toEqual(['300', '14']);
      await pastAutosaveDelay();
      expect(save).not.toHaveBeenCalled();
    });

    it('fill the field not being edited; the one being typed in keeps its text, and the save has both', async () => {
      const { rerender } = render(<OutboxHistory saved={{ keepSent: 200, keepSentDays: 7 }} save={save} />);
      fireEvent.input(days(), { target: { value: '30' } });
      rerender(<OutboxHistory saved={{ keepSent: 300, keepSentDays: 7 }} save={save} />);
      expect([count().value, days().value]).toEqual(['300', '30']);
      await pastAutosaveDelay();
      expect(save).toHaveBeenCalledTimes(1);
      expect(save).toHaveBeenCalledWith({ keepSent: 300, keepSentDays: 30 });
    });
  });
});
