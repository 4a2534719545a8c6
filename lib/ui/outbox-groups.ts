import type { OutboxItemView } from '@/lib/messages/fields';

/** The Outbox's sections, in the order they are shown. */
export type OutboxGroupName = 'attention' | 'pending' | 'scheduled' | 'sent';

export interface OutboxGroup {
  name: OutboxGroupName;
  items: OutboxItemView[];
}

const GROUP_OF: Record<OutboxItemView['state']['status'], OutboxGroupName> = {
  failed: 'attention',
  uncertain: 'attention',
  sending: 'pending',
  waiting: 'pending',
  queued: 'pending',
  scheduled: 'scheduled',
  sent: 'sent',
};

/** When a scheduled write goes. */
const sendAtOf = ({ state }: OutboxItemView) => (state.status === 'scheduled' ? state.sendAt : 0);

/** When the item last changed state (the time a user relates it to). */
function changedAt(item: OutboxItemView): number {
  const { state } = item;
  return 'at' in state ? state.at : item.updatedAt;
}

/**
 * Groups the Outbox by what the user has to do: first what needs a decision (failed, uncertain;
 * newest first), then what is still going out (in the order it will be sent), then what waits for
 * the time the user chose (soonest first), then what was sent (newest first). Empty groups are left out.
 */
export function groupOutbox(items: readonly OutboxItemView[]): OutboxGroup[] {
  const groups: Record<OutboxGroupName, OutboxItemView[]> = { attention: [], pending: [], scheduled: [], sent: [] };
  for (const item of items) groups[isTwinned(item) ? 'attention' : GROUP_OF[item.state.status]].push(item);
  groups.attention.sort((a, b) => changedAt(b) - changedAt(a) || b.seq - a.seq);
  groups.pending.sort((a, b) => a.seq - b.seq);
  groups.scheduled.sort((a, b) => sendAtOf(a) - sendAtOf(b) || a.seq - b.seq);
  groups.sent.sort((a, b) => changedAt(b) - changedAt(a) || b.seq - a.seq);
  return (['attention', 'pending', 'scheduled', 'sent'] as const)
    .map((name) => ({ name, items: groups[name] }))
    .filter((group) => group.items.length > 0);
}

/**
 * The write each paced account sends next (its first queued write in send order) and until when
 * its budget holds it, for accounts whose view names a pacing time.
 */
export function pacedHeadsOf(
  items: readonly OutboxItemView[],
  accounts: readonly { id: string; pacedUntil?: number | null | undefined }[],
): Map<string, number> {
  const until = new Map<string, number>();
  for (const account of accounts) if (account.pacedUntil) until.set(account.id, account.pacedUntil);
  const heads = new Map<string, number>();
  const seen = new Set<string>();
  for (const item of [...items].sort((a, b) => a.seq - b.seq)) {
    if (item.state.status !== 'queued' || seen.has(item.account)) continue;
    seen.add(item.account);
    const at = until.get(item.account);
    if (at !== undefined) heads.set(item.id, at);
  }
  return heads;
}

/** A sent post the platform holds twice: the user decides which copy stays. */
function isTwinned({ state }: OutboxItemView): boolean {
  return state.status === 'sent' && state.twins !== undefined && state.twins.length > 0;
}

/** The first line of a body, shortened to about `max` characters on a word boundary. */
export function excerpt(body: string, max = 140): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
