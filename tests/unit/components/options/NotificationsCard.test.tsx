import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { NotificationsCard } from '@/entrypoints/options/NotificationsCard';
import type { SettingsChange } from '@/entrypoints/options/use-settings';
import { useEnglishMessages } from '../../support/locale';

type Save = (change: SettingsChange) => Promise<string | undefined>;

/** The browser's optional `notifications` permission, as a test double. */
function permissions(initial: boolean, answer: boolean) {
  let granted = initial;
  const fake = <T,>(impl: (...args: never[]) => T) => impl as never;
  vi.spyOn(browser.permissions, 'contains').mockImplementation(fake(async () => granted));
  const request = vi.spyOn(browser.permissions, 'request').mockImplementation(
    fake(async () => {
      granted = answer;
      return answer;
    }),
  );
  const remove = vi.spyOn(browser.permissions, 'remove').mockImplementation(
    fake(async () => {
      granted = false;
      return true;
    }),
  );
  for (const event of [browser.permissions.onAdded, browser.permissions.onRemoved]) {
    Object.assign(event, { addListener: () => undefined, removeListener: () => undefined });
  }
  return { request, remove };
}

describe('NotificationsCard', () => {
  let save: ReturnType<typeof vi.fn<Save>>;
  beforeEach(() => {
    useEnglishMessages();
    save = vi.fn<Save>(async () => undefined);
  });
  afterEach(() => cleanup());

  const toggle = () => screen.getByRole('checkbox', { name: 'Notify me about my writes' }) as HTMLInputElement;

  it('is off by default and says what it would tell, with the excerpt caveat', async () => {
    permissions(false, true);
    render(<NotificationsCard notify={false} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);
    expect(toggle().getAttribute('aria-describedby')).toBe('notify-hint');
    expect(screen.getByText(/At most one a minute of each kind/)).toBeTruthy();
    expect(screen.getByText(/short excerpt/)).toBeTruthy();
  });

  it('asks for the permission from the click that turns it on, then saves', async () => {
    const { request } = permissions(false, true);
    render(<NotificationsCard notify={false} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ notify: true }));
    expect(request).toHaveBeenCalledWith({ permissions: ['notifications'] });
    expect(await screen.findByText('Notifications are on.')).toBeTruthy();
  });

  it('stays off and says so when the browser refuses', async () => {
    permissions(false, false);
    render(<NotificationsCard notify={false} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect(await screen.findByText(/did not allow notifications/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(toggle().checked).toBe(false);
  });

  it('turned off: saves, then gives the permission back', async () => {
    const { remove } = permissions(true, true);
    render(<NotificationsCard notify={true} save={save} />);
    await waitFor(() => expect(toggle().checked).toBe(true));
    fireEvent.click(toggle());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ notify: false }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ permissions: ['notifications'] }));
    expect(await screen.findByText('Notifications are off.')).toBeTruthy();
  });

  it('shows it off, and why, when the permission was taken back in the browser', async () => {
    permissions(false, true);
    render(<NotificationsCard notify={true} save={save} />);
    expect(await screen.findByText(/permission was taken back/)).toBeTruthy();
    expect(toggle().checked).toBe(false);
  });

  it('says when the setting could not be saved', async () => {
    permissions(false, true);
    save = vi.fn<Save>(async () => 'The background did not answer.');
    render(<NotificationsCard notify={false} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect(await screen.findByText(/The background did not answer/)).toBeTruthy();
  });
});
