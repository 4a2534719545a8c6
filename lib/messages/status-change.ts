import type { AccountView } from './fields';
import type { ReplyData } from './protocol';
import type { StatePush } from './push';

/** The status every UI context draws from (as `getStatus` answers it). */
export type Status = ReplyData<'getStatus'>;
/** The status without its accounts: the default account's view, the Outbox's counts, the pause. */
type StatusHead = Omit<Status, 'accounts'>;

/** What changed in the status since a page's last push (the schema: lib/messages/push.ts). */
export type StatusChange = NonNullable<StatePush['statusChange']>;

/** Two values as the wire carries them (made by the same code, so keys come in the same order). */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a page holding `before` needs to hold `after`, undefined when nothing changed: the top-level
 * fields that differ (`head`), the accounts whose view changed or that came (`accounts`), and the
 * accounts' ids in order when one came, went or moved (`order`). Pure and zod-free: pages load it
 * with their first screen.
 */
export function statusChange(before: Status, after: Status): StatusChange | undefined {
  const change: StatusChange = {};
  const head: Partial<StatusHead> = {};
  for (const key of Object.keys(after) as (keyof Status)[]) {
    if (key === 'accounts' || same(before[key], after[key])) continue;
    Object.assign(head, { [key]: after[key] });
  }
  if (Object.keys(head).length > 0) change.head = head;
  const had = new Map(before.accounts.map((account) => [account.id, account]));
  const changed = after.accounts.filter((account) => !same(had.get(account.id), account));
  if (changed.length > 0) change.accounts = changed;
  const order = after.accounts.map((account) => account.id);
  if (
    !same(
      order,
      before.accounts.map((account) => account.id),
    )
  )
    change.order = order;
  return Object.keys(change).length === 0 ? undefined : change;
}

/** The status a page holds after a change (an id in `order` the page has no view of is left out). */
export function applyStatusChange(status: Status, change: StatusChange): Status {
  const byId = new Map<string, AccountView>(status.accounts.map((account) => [account.id, account]));
  for (const account of change.accounts ?? []) byId.set(account.id, account);
  const order = change.order ?? status.accounts.map((account) => account.id);
  const accounts = order.flatMap((id) => byId.get(id) ?? []);
  return { ...status, ...change.head, accounts };
}
