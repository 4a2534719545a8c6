/**
 * The side panel's address that opens on the Outbox, on one write when named:
 * `sidepanel.html#outbox/<itemId>`. Notifications open it (entrypoints/background/notifier.ts); the
 * panel reads it when it loads (entrypoints/sidepanel/App.tsx).
 */
export function outboxLink(itemId?: string): string {
  return itemId === undefined ? '/sidepanel.html#outbox' : `/sidepanel.html#outbox/${encodeURIComponent(itemId)}`;
}

/** An Outbox item id as the Outbox makes them (a UUID; tests use shorter ids of the same alphabet). */
const ITEM_ID = /^[A-Za-z0-9_:-][A-Za-z0-9_.:-]{0,99}$/;

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
  return ITEM_ID.test(itemId) ? { itemId } : {};
}
