import type { SandboxClient } from '../support/sandbox-client';
import { listOutbox, type OutboxItemView } from './extension';
import type { ExtensionBrowser } from './types';
import { until } from './ui';

/**
 * The writes a flow made, where they landed (the sandbox's event log, per account) and where they
 * wait (the Outbox, from a mark: a browser shared by a file's tests keeps the earlier tests' items).
 */

/** A write that landed on the sandbox (its webhook event), as far as the flows look at it. */
export interface WriteEvent {
  type: 'post.created' | 'comment.created' | 'reaction.created';
  postId?: string;
  kind?: string;
  body?: string;
}

/** Every write an account made, oldest first, from the sandbox's event log. */
export async function writesOf(control: SandboxClient, account: string): Promise<WriteEvent[]> {
  const { events } = await control.control<{
    events: {
      type: WriteEvent['type'];
      data: { postId?: string; kind?: string; body?: string; author?: { id: string } };
    }[];
  }>('GET', '/events');
  return events
    .filter((event) => event.data.author?.id === account && /^(post|comment|reaction)\.created$/.test(event.type))
    .map(({ type, data }) => ({ type, postId: data.postId, kind: data.kind, body: data.body }));
}

/** Waits until the account has made at least `count` writes of `type`; returns those. */
export function untilWrites(
  control: SandboxClient,
  account: string,
  type: WriteEvent['type'],
  count: number,
): Promise<WriteEvent[]> {
  return until(async () => {
    const writes = (await writesOf(control, account)).filter((write) => write.type === type);
    return writes.length >= count ? writes : undefined;
  }, `${count} ${type} of ${account}`);
}

/** The ids of the newest published posts (the site's home page lists them, newest first). */
export async function publishedPostIds(control: SandboxClient, key: string, limit = 5): Promise<string[]> {
  const response = await fetch(`${control.baseUrl}/v1/timelines/public?limit=${limit}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

/** The Outbox's last sequence number now: `outboxSince` lists what is queued after it. */
export async function outboxMark(ext: ExtensionBrowser): Promise<number> {
  return (await listOutbox(ext)).at(-1)?.seq ?? 0;
}

/** The Outbox items queued after `mark`, oldest first. */
export async function outboxSince(ext: ExtensionBrowser, mark: number): Promise<OutboxItemView[]> {
  return (await listOutbox(ext)).filter((item) => item.seq > mark);
}
