import type { ApiClient, RequestOptions } from '@/lib/api/client';
import type { Contribution } from '@/lib/api/schemas';
import type { OutboxItem, SendHooks, SendResult, WriteSender } from '@/lib/queue/types';

/** What the Outbox keeps of a created post or comment: its id, and its moderation when held or rejected. */
function landed(record: Contribution): SendResult {
  const state = record.moderation?.state;
  if (state !== 'held' && state !== 'rejected') return { id: record.id };
  const reason = record.moderation?.reason;
  return { id: record.id, moderation: { state, ...(reason ? { reason } : {}) } };
}

/**
 * The Outbox's sender: one POST per write, with the client of the platform the item was written
 * for (its account names it). The spec shows no fields for a created reaction: when the
 * server sends no id, the reaction has none (never a made-up one that looks like the platform's).
 */
export function writeSender(clientFor: (account: string) => Promise<ApiClient>): WriteSender {
  return async (item: OutboxItem, hooks: SendHooks = {}): Promise<SendResult> => {
    const client = await clientFor(item.account);
    const { request } = item;
    const options: RequestOptions = {};
    if (hooks.signal !== undefined) options.signal = hooks.signal;
    if (hooks.onRefused !== undefined) options.onRetryAfter = hooks.onRefused;
    // What the answer's headers say of the account's budget: the Outbox paces its reserve by it.
    if (hooks.onBudget !== undefined) options.onBudget = hooks.onBudget;
    switch (request.kind) {
      case 'post':
        return landed(await client.createPost(request.body, options));
      case 'comment':
        return landed(await client.createComment(request.postId, request.body, options));
      case 'reaction': {
        const reaction = await client.createReaction(request.postId, request.reaction, options);
        return reaction.id === undefined ? {} : { id: reaction.id };
      }
    }
  };
}
