import { MessageError } from '@/lib/messages/reply';
import type { Handlers } from '@/lib/messages/router';
import type { HandlerDeps } from './handler-deps';

/** The handlers of sync's messages (the rest of the table: handlers.ts). Extension pages only. */
export function syncHandlers({
  sync,
  notify,
}: Pick<HandlerDeps, 'sync' | 'notify'>): Pick<Handlers, 'setSync' | 'answerSyncProposal'> {
  return {
    setSync: async ({ on }) => {
      await sync.setOn(on);
      notify();
      return null;
    },
    answerSyncProposal: async ({ account, accept }) => {
      const answered = await sync.answer(account, accept);
      if (answered === undefined) throw new MessageError('not_found', 'No address change waits for this account.');
      notify();
      return answered;
    },
  };
}
