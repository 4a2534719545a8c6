import type { FailureReason, ItemState, SendResult } from './types';

/**
 * Where a write the platform took ends: sent (held for moderation, when it said so), or failed in
 * words when its moderation rejected it at once (the user may edit and send it again).
 */
export function landedState(result: SendResult, at: number, since?: number): ItemState {
  const { id, moderation } = result;
  if (moderation?.state === 'rejected') {
    const reason: FailureReason = {
      kind: 'invalid',
      message: "The platform's moderation rejected it.",
      ...(moderation.reason ? { reason: moderation.reason } : {}),
    };
    return { status: 'failed', reason, at };
  }
  return {
    status: 'sent',
    ...(id === undefined ? {} : { id }),
    at,
    ...(since === undefined ? {} : { since }),
    ...(moderation?.state === 'held' ? { moderation: 'held' as const } : {}),
  };
}
