import { savedPostSchema } from '@/lib/storage/saved-posts';
import { settingsSchema } from '@/lib/storage/settings';
import { z } from '@/lib/zod';
import { accountViewSchema, outboxItemSchema } from './fields';
import { protocol } from './protocol';

/**
 * What the background pushes to an extension page over its state port: one push per change,
 * carrying the data that changed, so a page applies it to its store and never asks again.
 *
 * - `status` (as `getStatus` answers it) in the first push to a page; after it, `statusChange`
 *   carries only what changed in it (lib/messages/status-change.ts): an account's view when that
 *   account changed, the Outbox's counts when they moved. A push with nothing to carry is not sent.
 * - `outbox`, for a page that subscribed to it (`{subscribe: 'outbox'}` over the port): the items
 *   that changed or were added and the ids of those removed; `reset` (the first push after the
 *   subscription) replaces what the page had with the first page of the Outbox (every write not
 *   sent yet, the newest sent ones) and says where older ones start (`listOutbox {cursor}`).
 * - `settings` (as `getSettings` answers them) in the first push to a page, and in the push after
 *   every change to them, from any page or import: mutes, reaction kinds and the rest reach every
 *   open page with their value, and no page reads them back from storage.
 * - `saved`, for a page that subscribed to it (`{subscribe: 'saved'}`): the Saved list, whole in the
 *   first push after the subscription (`reset`), then the posts added and the keys (`savedKey`) removed.
 * - `pendingDraft` in the first push to a page, and in the push after a draft was handed to the
 *   side panel's composer or taken: when the waiting one was handed over (null: none waits). The
 *   panel then takes it (`takePendingDraft`), which answers it once.
 */
/** What changed in the status since the page's last push (lib/messages/status-change.ts). */
const statusChangeSchema = z.object({
  head: protocol.getStatus.reply.omit({ accounts: true }).partial().optional(),
  accounts: z.array(accountViewSchema).optional(),
  order: z.array(z.string()).optional(),
});

export const statePushSchema = z.object({
  status: protocol.getStatus.reply.optional(),
  statusChange: statusChangeSchema.optional(),
  outbox: z
    .object({
      reset: z.boolean(),
      items: z.array(outboxItemSchema),
      removed: z.array(z.string()),
      /** With `reset`: the cursor of older sent writes (null: none). */
      nextCursor: z.string().nullable().optional(),
    })
    .optional(),
  settings: settingsSchema.optional(),
  saved: z.object({ reset: z.boolean(), posts: z.array(savedPostSchema), removed: z.array(z.string()) }).optional(),
  pendingDraft: z.number().nullable().optional(),
});
export type StatePush = z.infer<typeof statePushSchema>;
export type OutboxDelta = NonNullable<StatePush['outbox']>;
export type SavedDelta = NonNullable<StatePush['saved']>;

/** What a page may follow beside the status and settings: each is pushed only to pages that asked. */
export const TOPICS = ['outbox', 'saved'] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * What a page may say over its state port: a topic it follows, or (the side panel) the window it
 * is shown in — the keyboard command closes the panel where one is open (lib/browser/panel-command.ts).
 */
export const pageSaysSchema = z.union([
  z.strictObject({ subscribe: z.enum(TOPICS) }),
  z.strictObject({ panelIn: z.int().min(0).max(Number.MAX_SAFE_INTEGER) }),
]);
