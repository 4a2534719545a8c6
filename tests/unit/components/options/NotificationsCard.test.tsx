import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsCard } from '@/entrypoints/options/NotificationsCard';
import type { SettingsChange } from '@/entrypoints/options/use-settings';
import { useEnglishMessages } from '../../support/locale';
import { fakePermissions } from '../../support/permissions';

type Save = (change: SettingsChange) => Promise<string | undefined>;

describe('NotificationsCard', () => {
  let save: ReturnType<typeof vi.fn<Save>>;
  beforeEach(() => {
    useEnglishMessages();
    save = vi.fn<Save>(async () => undefined);
  });
  afterEach(() => cleanup());

  const toggle = () => screen.getByRole('checkbox', { name: 'Notify me about my writes' }) as HTMLInputElement;

  it('is off by default and says what it would tell, with the excerpt caveat', async () => {
    fakePermissions(false, true);
    render(<NotificationsCard notify={false} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);
    expect(toggle().getAttribute('aria-describedby')).toBe('notify-hint');
    expect(screen.getByText(/At most one a minute of each kind/)).toBeTruthy();
    expect(screen.getByText(/short excerpt/)).toBeTruthy();
  });

  it('asks for the permission from the click that turns it on, then saves', async () => {
    const { request } = fakePermissions(false, true);
    render(<NotificationsCard notify={false} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ notify: true }));
    expect(request).toHaveBeenCalledWith({ permissions: ['notifications'] });
    expect(await screen.findByText('Notifications are on.')).toBeTruthy();
  });

  it('stays off and says so when the browser refuses', async () => {
    fakePermissions(false, false);
    render(<NotificationsCard notify={false} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect(await screen.findByText(/did not allow notifications/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(toggle().checked).toBe(false);
  });

  it('turned off: saves, then gives the permission back', async () => {
    const { remove } = fakePermissions(true, true);
    render(<NotificationsCard notify={true} save={save} />);
    await waitFor(() => expect(toggle().checked).toBe(true));
    fireEvent.click(toggle());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ notify: false }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ permissions: ['notifications'] }));
    expect(await screen.findByText('Notifications are off.')).toBeTruthy();
  });

  it('shows it off, and why, when the permission was taken back in the browser', async () => {
    fakePermissions(false, true);
    render(<NotificationsCard notify={true} save={save} />);
    expect(await screen.findByText(/permission was taken back/)).toBeTruthy();
    expect(toggle().checked).toBe(false);
  });

  it('says when the setting could not be saved', async () => {
    fakePermissions(false, true);
    save = vi.fn<Save>(async () => 'The background did not answer.');
    render(<NotificationsCard notify={false} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect(await screen.findByText(/The background did not answer/)).toBeTruthy();
  });
});
