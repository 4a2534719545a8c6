import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { ConnectCard } from '@/entrypoints/welcome/ConnectCard';
import type { AccountView } from '@/lib/messages/fields';
import { useEnglishMessages } from '../../support/locale';
import { status } from '../outbox/fixtures';
import { accountView } from './fixtures';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));

const KEY = 'dcp_0123456789abcdefghijklmnopqrstuv';

/** The browser's answer to `permissions.request`, as a test double. */
function permissionAnswer(answer: boolean) {
  return vi.spyOn(browser.permissions, 'request').mockImplementation((async () => answer) as never);
}

/** The status a page has with these accounts set up (none: a first run). */
const withAccounts = (...accounts: AccountView[]) => status({ accounts, defaultAccount: accounts[0]?.id ?? null });

describe('ConnectCard (welcome page)', () => {
  beforeEach(() => {
    useEnglishMessages();
    send.mockReset();
  });
  afterEach(() => cleanup());

  const liveLine = () => screen.getByRole('status');
  const fill = (url: string, key: string) => {
    fireEvent.input(screen.getByRole('textbox', { name: 'API base URL' }), { target: { value: url } });
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: key } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and check the key' }));
  };

  it('explains where a key comes from and asks for the address and the key', () => {
    render(<ConnectCard status={withAccounts()} />);
    expect(screen.getByRole('heading', { name: 'Connect your account' })).toBeTruthy();
    expect(
      screen.getByText(/open "My apps" in your account and create an app: a test app gets its key at once/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save and check the key' })).toHaveProperty('disabled', true);
  });

  it("asks for the address's origin, adds the account with its key, and says the key works", async () => {
    const request = permissionAnswer(true);
    let reply: (value: unknown) => void = () => undefined;
    send.mockImplementation(() => new Promise((resolve) => (reply = resolve)));
    const { rerender, container } = render(<ConnectCard status={withAccounts()} />);
    fill('http://127.0.0.1:8787', KEY);
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('addAccount', { baseUrl: 'http://127.0.0.1:8787', key: KEY }),
    );
    expect(request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(liveLine().textContent).toBe('Checking the key…');
    // The push with the account (not checked yet) comes before the reply: the form stays meanwhile.
    rerender(<ConnectCard status={withAccounts(accountView({ check: null }))} />);
    expect(screen.getByLabelText('API key')).toBeTruthy();
    rerender(<ConnectCard status={withAccounts(accountView())} />);
    reply({ ok: true, data: accountView() });
    await waitFor(() => expect(liveLine().textContent).toBe('Key works'));
    expect(screen.getByRole('heading', { name: 'Your account' })).toBe(document.activeElement);
    expect(screen.getByText('You are ready: the extension acts as Dana Demo on 127.0.0.1:8787.')).toBeTruthy();
    // The key is gone from the page once the background has it.
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(container.innerHTML).not.toContain(KEY);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('adds nothing and says why when the browser refuses access to the address', async () => {
    permissionAnswer(false);
    render(<ConnectCard status={withAccounts()} />);
    fill('https://debate.example', KEY);
    await waitFor(() => expect(liveLine().textContent).toMatch(/needs access to that address/));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByLabelText('API key')).toHaveProperty('value', KEY);
  });

  it('refuses an address that is not https (or loopback http) before asking the browser', async () => {
    const request = permissionAnswer(true);
    render(<ConnectCard status={withAccounts()} />);
    fill('http://debate.example', KEY);
    await waitFor(() => expect(liveLine().className).toContain('problem'));
    expect(request).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('says what the background refused (a key not well formed)', async () => {
    permissionAnswer(true);
    send.mockResolvedValue({ ok: false, error: { code: 'bad_request', message: 'Invalid key' } });
    render(<ConnectCard status={withAccounts()} />);
    fill('https://debate.example', 'short key');
    expect(await screen.findByText('An API key is 8 or more visible characters without spaces.')).toBeTruthy();
  });

  it('a key the platform does not accept: says so, and takes a new key for the same account', async () => {
    permissionAnswer(true);
    const refused = accountView({ check: { outcome: 'not_accepted', at: 1, message: 'Unauthorized' } });
    send.mockImplementation(async (name: string) => {
      if (name === 'addAccount') return { ok: true, data: refused };
      if (name === 'saveKey') return { ok: true, data: { last4: 'wxyz' } };
      return { ok: false, error: { code: 'unauthorized', message: 'Unauthorized' } };
    });
    const { rerender } = render(<ConnectCard status={withAccounts()} />);
    fill('http://127.0.0.1:8787', KEY);
    await waitFor(() => expect(liveLine().textContent).toBe('Key not accepted by the platform'));
    rerender(<ConnectCard status={withAccounts(refused)} />);
    expect(screen.getByText(/but its key needs your attention/)).toBeTruthy();
    fireEvent.input(screen.getByLabelText('A key for this account'), { target: { value: 'dcp_another_key_1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and check the key' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('checkKey', { account: 'acct-1' }));
    expect(send).toHaveBeenCalledWith('saveKey', { key: 'dcp_another_key_1234', account: 'acct-1' });
    // Never a second account for the same address.
    expect(send.mock.calls.filter(([name]) => name === 'addAccount')).toHaveLength(1);
  });

  it.each([
    [
      { check: { outcome: 'disabled' as const, at: 1, message: 'Paused after reports' } },
      'Key disabled: Paused after reports',
    ],
    [
      { check: { outcome: 'ok' as const, at: 1, account: null, scopes: ['posts:read', 'posts:write'] } },
      'Key works, but lacks reactions:write',
    ],
    [{ key: { set: false, last4: null } }, 'No key saved'],
  ])('an account whose key needs attention says what is wrong and asks for a key (%#)', (change, words) => {
    render(<ConnectCard status={withAccounts(accountView(change))} />);
    expect(liveLine().textContent).toBe(words);
    expect(screen.getByLabelText('A key for this account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the side panel' })).toBeNull();
  });

  it('with an account already set up (an update, a development build) it says so instead of asking', () => {
    render(<ConnectCard status={withAccounts(accountView(), accountView({ id: 'acct-2', isDefault: false }))} />);
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(screen.getByText('You are ready: the extension acts as Dana Demo on 127.0.0.1:8787.')).toBeTruthy();
    expect(screen.getByText(/2 accounts are set up/)).toBeTruthy();
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the side panel' })).toBeTruthy();
  });

  it('an account not checked yet can be checked from here', async () => {
    send.mockResolvedValue({ ok: true, data: { account: null, scopes: null } });
    render(<ConnectCard status={withAccounts(accountView({ check: null }))} />);
    expect(liveLine().textContent).toBe('Key not checked yet');
    fireEvent.click(screen.getByRole('button', { name: 'Check the key again' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('checkKey', { account: 'acct-1' }));
  });

  it("shows an account's name from the platform as text, never as markup", () => {
    const name = '<img src=x onerror="alert(1)">';
    const { container } = render(<ConnectCard status={withAccounts(accountView({ name }))} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(new RegExp(name.replace(/[()]/g, '\\$&')))).toBeTruthy();
  });
});
