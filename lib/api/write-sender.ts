import type { OutboxItem, SendHooks, SendResult, WriteSender } from '@/lib/queue/types';
import type { ApiClient, RequestOptions } from './client';

/**
 * The Outbox's sender: one POST per write, with the client of the platform the item was written
 * for (its account is the base URL). The spec shows no fields for a created reaction: when the
 * server sends no id, the reaction is named by what it is.
 */
export function writeSender(clientFor: (account: string) => ApiClient): WriteSender {
  return async (item: OutboxItem, hooks: SendHooks = {}): Promise<SendResult> => {
    const client = clientFor(item.account);
    const { request } = item;
    const options: RequestOptions = {};
    if (hooks.signal !== undefined) options.signal = hooks.signal;
    if (hooks.onRefused !== undefined) options.onRetryAfter = hooks.onRefused;
    switch (request.kind) {
      case 'post':
        return { id: (await client.createPost(request.body, options)).id };
      case 'comment':
        return { id: (await client.createComment(request.postId, request.body, options)).id };
      case 'reaction': {
        const reaction = await client.createReaction(request.postId, request.reaction, options);
        return { id: reaction.id ?? `${request.postId}/reactions/${request.reaction}` };
      }
    }
  };
}
