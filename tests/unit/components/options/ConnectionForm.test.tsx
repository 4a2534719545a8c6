import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { ConnectionForm } from '@/entrypoints/options/ConnectionForm';
import { useEnglishMessages } from '../../support/locale';
import { status } from '../outbox/fixtures';
import { accountView } from '../welcome/fixtures';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));

/** The browser's answer to `permissions.request`, as a test double. */
function permissionAnswer(answer: boolean | Error) {
  return vi.spyOn(browser.permissions, 'request').mockImplementation((async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  }) as never);
}

describe('ConnectionForm', () => {
  beforeEach(() => {
    useEnglishMessages();
    send.mockReset();
    send.mockImplementation(async (name: string) => ({ ok: true, data: name === 'saveSettings' ? {} : null }));
  });
  afterEach(() => cleanup());

  const baseUrl = () => screen.getByRole('textbox', { name: 'API base URL' });
  const saveWith = (url: string) => {
    fireEvent.input(baseUrl(), { target: { value: url } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  };

  it('asks for the origin of the API address when it is saved (the store build holds none at install)', async () => {
    const request = permissionAnswer(true);
    render(<ConnectionForm status={status({ baseUrl: '' })} />);
    saveWith('https://debate.example:8443/api/');
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('saveSettings', { baseUrl: 'https://debate.example:8443/api/' }),
    );
    // No port in the pattern: Firefox refuses ports, and the link script's registration checks this one.
    expect(request).toHaveBeenCalledWith({ origins: ['https://debate.example/*'] });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('asks for a loopback address too (the local sandbox): only development builds have it at install', async () => {
    const request = permissionAnswer(true);
    render(<ConnectionForm status={status({ baseUrl: '' })} />);
    saveWith('http://127.0.0.1:8787');
    await waitFor(() => expect(send).toHaveBeenCalledWith('saveSettings', { baseUrl: 'http://127.0.0.1:8787' }));
    expect(request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
  });

  it('saves nothing and says why when the browser refuses the access', async () => {
    permissionAnswer(false);
    render(<ConnectionForm status={status({ baseUrl: '' })} />);
    saveWith('https://debate.example');
    expect(await screen.findByText(/needs access to that address/)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses an address that is not https (or http on loopback) without asking the browser', async () => {
    const request = permissionAnswer(true);
    for (const url of ['ftp://debate.example', 'http://debate.example']) {
      render(<ConnectionForm status={status({ baseUrl: '' })} />);
      saveWith(url);
      expect(await screen.findByText(/That is not a usable address: use https/)).toBeTruthy();
      cleanup();
    }
    expect(request).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('says so when moving to another origin removed the key given for the old one', async () => {
    permissionAnswer(true);
    send.mockImplementation(async (name: string) => ({
      ok: true,
      data: name === 'saveSettings' ? { keyRemovedFor: 'https://old.example' } : null,
    }));
    render(<ConnectionForm status={status({ baseUrl: 'https://old.example' })} />);
    saveWith('https://new.example');
    expect(await screen.findByText(/The key for https:\/\/old.example was removed/)).toBeTruthy();
  });

  it('removes the saved key from this browser, and offers it only when a key is set', async () => {
    permissionAnswer(true);
    const { rerender } = render(<ConnectionForm status={status({ key: { set: false, last4: null } })} />);
    const remove = () => screen.getByRole('button', { name: 'Remove key' }) as HTMLButtonElement;
    expect(remove().disabled).toBe(true);
    rerender(<ConnectionForm status={status()} />);
    fireEvent.click(remove());
    await waitFor(() => expect(send).toHaveBeenCalledWith('clearKey'));
    expect(await screen.findByText('The key is removed from this browser.')).toBeTruthy();
  });

  it('names the account the checked key acts for as every page does: "Display Name (@handle)", else its label', async () => {
    const person = { id: 'acc_1', handle: 'demo', displayName: 'Dana Demo' };
    send.mockImplementation(async (name: string) => ({
      ok: true,
      data: name === 'checkKey' ? { account: person, scopes: ['posts:read'] } : null,
    }));
    const unchecked = accountView({ name: '127.0.0.1:8787', check: null });
    const { rerender } = render(<ConnectionForm status={status({ accounts: [unchecked] })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check key' }));
    expect(await screen.findByText('The key works: it acts for Dana Demo (@demo).')).toBeTruthy();

    rerender(<ConnectionForm status={status({ accounts: [{ ...unchecked, label: 'Work' }] })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check key' }));
    expect(await screen.findByText('The key works: it acts for Work.')).toBeTruthy();
  });

  it('asks for nothing when the address is cleared', async () => {
    const request = permissionAnswer(true);
    render(<ConnectionForm status={status()} />);
    saveWith('');
    await waitFor(() => expect(send).toHaveBeenCalledWith('saveSettings', { baseUrl: '' }));
    expect(request).not.toHaveBeenCalled();
  });
});
