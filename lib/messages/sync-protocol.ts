export { type SyncView, syncViewSchema } from '@/lib/sync/view';

import { z } from '@/lib/zod';
import { accountIdSchema } from './fields';

/**
 * Sync's messages (protocol.ts spreads them in). Extension pages only: a page's script must never
 * turn sync on, nor answer a proposal.
 */
export const syncMessages = {
  /** Turns sync on or off; answers when the first pass is done. */
  setSync: { content: false, request: z.strictObject({ on: z.boolean() }), reply: z.null() },
  /**
   * Confirms (the account moves to the proposed address, as when typed there: a key given for
   * another origin is forgotten) or declines an address another browser gave an account.
   */
  answerSyncProposal: {
    content: false,
    request: z.strictObject({ account: accountIdSchema, accept: z.boolean() }),
    reply: z.strictObject({ keyRemovedFor: z.string().optional() }),
  },
};
