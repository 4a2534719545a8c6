import { isApiError } from '@/lib/api/errors';
import type { Me } from '@/lib/api/schemas';
import { normalizeBaseUrl } from '@/lib/base-url';
import { MessageError } from '@/lib/messages/reply';
import type { AccountCheck } from '@/lib/storage/account-check';
import {
  type AccountBook,
  type AccountRecord,
  accountById,
  accountsItem,
  addressOf,
  defaultAccount,
  MAX_ACCOUNTS,
  newAccountId,
  originOf,
  repairBook,
} from '@/lib/storage/accounts';
import type { KeyVault } from '@/lib/storage/key-vault';
import { readSettings, updateSettings } from '@/lib/storage/settings';

/** What the user may change of an account. */
export interface AccountChange {
  label?: string;
  reserve?: number;
}

/** The outcome of a key check, from what `GET /v1/me` answered or threw. */
export function checkOutcome(result: { me: Me } | { error: unknown }, at: number): AccountCheck {
  if ('me' in result)
    return { outcome: 'ok', at, account: result.me.account ?? null, scopes: result.me.scopes ?? null };
  const { error } = result;
  const message = error instanceof Error ? error.message.slice(0, 300) : 'The key check failed.';
  if (isApiError(error) && error.kind === 'unauthorized') return { outcome: 'not_accepted', at, message };
  if (isApiError(error) && error.kind === 'key_disabled') {
    return { outcome: 'disabled', at, message: (error.reason ?? message).slice(0, 300) };
  }
  return { outcome: 'failed', at, message };
}

/**
 * The account book as the background keeps it: the one writer of the book and of the accounts' keys.
 * Changes are applied one after another (a click in options and a write from the panel never lose
 * each other's change). The settings' `baseUrl` follows the default account's address: the inline
 * bars, the menus and the timeline follow the default account's platform.
 */
export class Accounts {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly vault: KeyVault,
    /** Settles once what earlier versions stored has become the first account. */
    private readonly ready: Promise<void> = Promise.resolve(),
  ) {}

  /** The book as stored. */
  async book(): Promise<AccountBook> {
    await this.ready;
    return accountsItem.getValue();
  }

  /** The account that speaks when the caller names one (it must exist), else the default. */
  async resolve(id?: string): Promise<AccountRecord> {
    const book = await this.book();
    const account = id === undefined ? defaultAccount(book) : accountById(book, id);
    if (account !== undefined) return account;
    throw new MessageError(
      id === undefined ? 'invalid' : 'not_found',
      id === undefined ? 'Add an account on the options page first.' : 'No such account: it may have been removed.',
    );
  }

  /**
   * Adds an account with its key, bound to its address's origin. The first one becomes the default.
   * An account arriving by sync keeps its synced id (and has no key: the user gives one here).
   */
  add(
    input: { baseUrl: string; key?: string; label?: string; id?: string; reserve?: number },
    now = Date.now(),
  ): Promise<AccountRecord> {
    return this.change(async (book) => {
      const baseUrl = requireAddress(input.baseUrl);
      if (book.accounts.length >= MAX_ACCOUNTS) {
        throw new MessageError('not_allowed', `At most ${MAX_ACCOUNTS} accounts.`);
      }
      const account: AccountRecord = {
        id: input.id !== undefined && accountById(book, input.id) === undefined ? input.id : newAccountId(),
        label: input.label ?? '',
        baseUrl,
        reserve: input.reserve ?? 0,
        addedAt: now,
      };
      if (input.key !== undefined) await this.vault.save(account.id, input.key, originOf(account), now);
      const next = { ...book, accounts: [...book.accounts, account], defaultId: book.defaultId ?? account.id };
      return [next, account];
    });
  }

  /** Renames an account or sets its reserve. */
  update(id: string, change: AccountChange): Promise<AccountRecord> {
    return this.changeOne(id, (account) => ({
      ...account,
      ...(change.label === undefined ? {} : { label: change.label }),
      ...(change.reserve === undefined ? {} : { reserve: change.reserve }),
    }));
  }

  /** Records the outcome of a key check. */
  recordCheck(id: string, check: AccountCheck | undefined): Promise<AccountRecord> {
    return this.changeOne(id, ({ check: _, ...account }) => (check === undefined ? account : { ...account, check }));
  }

  /**
   * Moves an account to another address. A key serves the origin it was given for: moving to another
   * origin forgets the key (returned, so the caller can say which). Returns the old address too.
   */
  async move(id: string, address: string): Promise<{ account: AccountRecord; from: string; keyRemovedFor?: string }> {
    const baseUrl = requireAddress(address);
    const before = await this.resolve(id);
    const account = await this.changeOne(id, ({ check: _, ...rest }) => ({ ...rest, baseUrl }));
    if (originOf(before) === originOf(account)) return { account, from: before.baseUrl };
    const bound = await this.vault.read(id);
    await this.vault.clear(id);
    return { account, from: before.baseUrl, ...(bound === undefined ? {} : { keyRemovedFor: bound.origin }) };
  }

  /** Makes an account the default. */
  setDefault(id: string): Promise<AccountBook> {
    return this.change(async (book) => {
      if (accountById(book, id) === undefined) throw new MessageError('not_found', 'No such account.');
      const next = { ...book, defaultId: id };
      return [next, next];
    });
  }

  /** Notes who the user chose on the account's platform (replies and reactions there default to it). */
  noteUsed(id: string): Promise<void> {
    return this.change(async (book) => {
      const account = accountById(book, id);
      if (account === undefined || book.lastUsed[originOf(account)] === id) return [book, undefined];
      return [{ ...book, lastUsed: { ...book.lastUsed, [originOf(account)]: id } }, undefined];
    });
  }

  /** Removes an account and its key (what happens to its writes is the caller's: see the handler). */
  remove(id: string): Promise<AccountBook> {
    return this.change(async (book) => {
      if (accountById(book, id) === undefined) throw new MessageError('not_found', 'No such account.');
      await this.vault.clear(id);
      const accounts = book.accounts.filter((account) => account.id !== id);
      const next = repairBook({ ...book, accounts, defaultId: book.defaultId === id ? null : book.defaultId });
      return [next, next];
    });
  }

  private changeOne(id: string, edit: (account: AccountRecord) => AccountRecord): Promise<AccountRecord> {
    return this.change(async (book) => {
      const account = accountById(book, id);
      if (account === undefined) throw new MessageError('not_found', 'No such account.');
      const edited = edit(account);
      return [{ ...book, accounts: book.accounts.map((a) => (a.id === id ? edited : a)) }, edited];
    });
  }

  /** Runs one read-change-write of the book after the previous one; keeps the settings' address in step. */
  private change<T>(edit: (book: AccountBook) => Promise<[AccountBook, T]>): Promise<T> {
    const run = this.tail.then(async () => {
      const before = await this.book();
      const [after, result] = await edit(before);
      if (after !== before) {
        const checked = repairBook(after);
        await accountsItem.setValue(checked);
        const main = defaultAccount(checked);
        const address = main === undefined ? '' : addressOf(main);
        if ((await readSettings()).baseUrl !== address) await updateSettings({ baseUrl: address });
      }
      return result;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/** A usable API address, normalized, or a refusal in words. */
function requireAddress(address: string): string {
  const baseUrl = normalizeBaseUrl(address);
  if (baseUrl === undefined) {
    throw new MessageError('invalid', 'Use an https address (http only for localhost or 127.0.0.1).');
  }
  return baseUrl;
}
