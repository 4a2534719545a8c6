import { isId } from '@/lib/messages/limits';

/**
 * The side panel's address that opens on the Outbox, on one write when named:
 * `sidepanel.html#outbox/<itemId>`. Notifications open it (entrypoints/background/notifier.ts); the
 * panel reads it when it loads (entrypoints/sidepanel/App.tsx).
 */
export function outboxLink(itemId?: string): string {
  return itemId === undefined ? '/sidepanel.html#outbox' : `/sidepanel.html#outbox/${encodeURIComponent(itemId)}`;
}

/**
 * What a page address's hash asks for: the Outbox (and which write, if a valid id is named), or
 * undefined for anything else (the timeline, as usual).
 */
export function outboxLinkTarget(hash: string): { itemId?: string } | undefined {
  const match = /^#outbox(?:\/(.*))?$/.exec(hash);
  if (match === null) return undefined;
  const raw = match[1];
  if (raw === undefined || raw === '') return {};
  let itemId: string;
  try {
    itemId = decodeURIComponent(raw);
  } catch {
    return {};
  }
  // Checked as the protocol checks every id.
  return isId(itemId) ? { itemId } : {};
}
