import type { AccountView } from '@/lib/messages/fields';
import type { MessageName } from '@/lib/messages/protocol';
import { MessageError } from '@/lib/messages/reply';
import type { Handlers } from '@/lib/messages/router';
import { type AccountRecord, accountById, defaultAccount } from '@/lib/storage/accounts';
import { updateSettings } from '@/lib/storage/settings';
import type { HandlerDeps } from './handler-deps';

type AccountMessages =
  | 'saveSettings'
  | 'saveKey'
  | 'clearKey'
  | 'checkKey'
  | 'addAccount'
  | 'updateAccount'
  | 'setDefaultAccount'
  | 'removeAccount';

/** The handlers of the account messages (the rest of the table: handlers.ts). */
export function accountHandlers({ services, status, kick, notify }: HandlerDeps): Pick<Handlers, AccountMessages> {
  const { accounts } = services;
  const view = async (id: string): Promise<AccountView> => {
    const found = (await status()).accounts.find((account) => account.id === id);
    if (found === undefined) throw new MessageError('not_found', 'No such account.');
    return found;
  };
  /** Writes queued for an address before any account had it join the account that now has it. */
  const adopt = async (account: AccountRecord) => {
    const moved = await (await services.outbox()).reassign(account.baseUrl, account.id);
    if (moved.length > 0) kick();
  };
  /** A new key may lift a "disabled" pause at once; a 429's time stays (the budget is the account's). */
  const keyChanged = async (id: string) => {
    await (await services.outbox()).resumeAccount(id);
    kick();
    notify();
  };

  return {
    saveSettings: async (change) => {
      const { baseUrl, ...rest } = change;
      const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
      if (baseUrl === undefined) return updateSettings(defined);
      // The address field of options is the default account's address (the first account's, made here).
      const current = defaultAccount(await accounts.book());
      if (baseUrl === '') {
        if (current !== undefined) throw new MessageError('not_allowed', 'Remove the account instead.');
        return updateSettings({ ...defined, baseUrl });
      }
      if (current === undefined) {
        const added = await accounts.add({ baseUrl });
        await adopt(added);
        return updateSettings(defined);
      }
      const { account, from, keyRemovedFor } = await accounts.move(current.id, baseUrl);
      const saved = await updateSettings(defined);
      if (account.baseUrl === from) return saved;
      // Writes queued for the old address are never sent to the new one: they wait for a key for theirs.
      await (await services.outbox()).accountMoved(account, from);
      notify();
      kick();
      return keyRemovedFor === undefined ? saved : { ...saved, keyRemovedFor };
    },
    saveKey: async ({ key, account }) => {
      const target = await accounts.resolve(account).catch(() => {
        throw new MessageError('invalid', 'Set the API address first: a key is saved for one address.');
      });
      await services.vault.save(target.id, key, new URL(target.baseUrl).origin);
      await accounts.recordCheck(target.id, undefined);
      await keyChanged(target.id);
      return { last4: (await services.vault.describe(target.id)).last4 ?? '' };
    },
    clearKey: async (request) => {
      const target = await accounts.resolve(request?.account);
      await services.vault.clear(target.id);
      await accounts.recordCheck(target.id, undefined);
      notify();
      return null;
    },
    checkKey: async (request) => {
      const check = await services.checkKey(request?.account);
      // A key of another platform account drops the old one's waits: its writes may go now.
      kick();
      notify();
      return check.outcome === 'ok'
        ? { account: check.account, scopes: check.scopes }
        : { account: null, scopes: null };
    },
    addAccount: async ({ baseUrl, key, label }) => {
      const added = await accounts.add({ baseUrl, key, ...(label === undefined ? {} : { label }) });
      // The row shows at once whether the key works; a failed check is shown there, not thrown.
      await services.checkKey(added.id).catch(() => undefined);
      await adopt(added);
      await keyChanged(added.id);
      return view(added.id);
    },
    updateAccount: async ({ id, label, reserve }) => {
      await accounts.update(id, {
        ...(label === undefined ? {} : { label }),
        ...(reserve === undefined ? {} : { reserve }),
      });
      // A smaller reserve may let a paced write go now.
      kick();
      notify();
      return view(id);
    },
    setDefaultAccount: async ({ id }) => {
      await accounts.setDefault(id);
      notify();
      return null;
    },
    removeAccount: async ({ id, waiting, moveTo }) => {
      const outbox = await services.outbox();
      const book = await accounts.book();
      if (accountById(book, id) === undefined) throw new MessageError('not_found', 'No such account.');
      const pending = outbox.summary(id).pending;
      if (pending > 0 && waiting === undefined) {
        throw new MessageError(
          'not_allowed',
          `${pending} writes of this account are not sent yet: discard or move them.`,
        );
      }
      if (waiting === 'move' && (moveTo === undefined || moveTo === id || accountById(book, moveTo) === undefined)) {
        throw new MessageError('invalid', 'Choose another account to move the writes to.');
      }
      const moved = waiting === 'move' && moveTo !== undefined ? (await outbox.reassign(id, moveTo)).length : 0;
      const discarded = waiting === 'discard' ? await outbox.discardPending(id) : 0;
      await accounts.remove(id);
      kick();
      notify();
      return { discarded, moved };
    },
  } satisfies Pick<Handlers, AccountMessages & MessageName>;
}
