import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { ScopeList } from '@/entrypoints/options/ScopeList';
import { ShortcutHint } from '@/entrypoints/options/ShortcutHint';
import { useEnglishMessages } from '../../support/locale';
import { status } from '../outbox/fixtures';
import { accountView } from '../welcome/fixtures';

const check = {
  outcome: 'ok' as const,
  at: 1,
  account: { id: 'acc_1', handle: 'demo', displayName: 'Dana Demo' },
  scopes: ['posts:read', 'posts:write', 'reactions:write'],
};

describe('ScopeList', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(() => cleanup());

  it('shows nothing before a key check', () => {
    const { container } = render(<ScopeList status={status({ scopes: null, account: null })} />);
    expect(container.textContent).toBe('');
  });

  it('names the account and every scope the extension uses as granted', () => {
    render(<ScopeList status={status({ accounts: [accountView({ check })] })} />);
    expect(screen.getByRole('heading', { name: 'Account: Dana Demo (@demo)' })).toBeTruthy();
    expect(screen.getAllByText('granted')).toHaveLength(3);
    expect(screen.getByText('This key may do everything the extension offers.')).toBeTruthy();
  });

  it("names the account by the user's label when it has one, as every other page does", () => {
    render(<ScopeList status={status({ accounts: [accountView({ label: 'Work', check })] })} />);
    expect(screen.getByRole('heading', { name: 'Account: Work' })).toBeTruthy();
  });

  it('says which features each missing scope turns off', () => {
    render(<ScopeList status={status({ scopes: ['posts:read', 'debates:write'] })} />);
    expect(screen.getAllByText('missing')).toHaveLength(2);
    expect(screen.getByText(/Off: posting and replying/)).toBeTruthy();
    expect(screen.getByText(/Off: reaction buttons/)).toBeTruthy();
    expect(screen.getByText(/documents no way to write debate arguments/)).toBeTruthy();
  });
});

describe('ShortcutHint', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(() => cleanup());

  const commands = (list: { name: string; shortcut: string }[]) =>
    vi.spyOn(browser.commands, 'getAll').mockImplementation((async () => list) as never);

  it('shows the shortcut the browser has for opening the side panel, and where to change it', async () => {
    commands([
      { name: '_execute_action', shortcut: '' },
      { name: 'open-side-panel', shortcut: 'Alt+Shift+D' },
    ]);
    render(<ShortcutHint />);
    expect((await screen.findByText('Alt+Shift+D')).tagName).toBe('KBD');
    expect(screen.getByText(/chrome:\/\/extensions\/shortcuts/)).toBeTruthy();
  });

  it('opens the browser shortcut settings', async () => {
    commands([{ name: 'open-side-panel', shortcut: 'Alt+Shift+D' }]);
    const create = vi.spyOn(browser.tabs, 'create').mockImplementation((async () => ({})) as never);
    render(<ShortcutHint />);
    screen.getByRole('button', { name: 'Open shortcut settings' }).click();
    expect(create).toHaveBeenCalledWith({ url: 'chrome://extensions/shortcuts' });
  });

  it('says when no shortcut is assigned', async () => {
    commands([{ name: 'open-side-panel', shortcut: '' }]);
    render(<ShortcutHint />);
    await waitFor(() => expect(screen.getByText(/No shortcut opens the side panel yet/)).toBeTruthy());
  });
});
