import { z } from '@/lib/zod';
import { protocol } from './protocol';

/**
 * What the background pushes over the state port: the status (as `getStatus` answers it) after
 * every change, and a hint that Outbox items changed (pages that list them ask again).
 */
export const statePushSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: protocol.getStatus.reply }),
  z.object({ type: z.literal('outbox') }),
]);
export type StatePush = z.infer<typeof statePushSchema>;
