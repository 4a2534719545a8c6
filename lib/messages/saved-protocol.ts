import { MAX_SAVED_POSTS } from '@/lib/storage/saved-limits';
import { savedPostSchema } from '@/lib/storage/saved-posts';
import { z } from '@/lib/zod';
import { accountIdSchema } from './fields';

/** What a page hands over when it saves a post: the post as it shows it; where and when are the background's. */
const savedFieldsSchema = savedPostSchema.omit({ source: true, savedAt: true });

/**
 * The Saved list's part of the protocol table (protocol.ts spreads it in). Extension pages only: a
 * page's script (or a compromised renderer) must neither learn what the user saved nor change it.
 * The list reaches pages by the state pushes (`saved`, for a page that follows it).
 */
export const savedMessages = {
  /**
   * Saves a post read with an account (the default's when none is named), at the top of the list;
   * answers the entry kept. Refused (`not_allowed`) when the list is full.
   */
  savePost: {
    content: false,
    request: z.strictObject({ post: savedFieldsSchema, account: accountIdSchema.optional() }),
    reply: savedPostSchema,
  },
  /** Removes a post from the Saved list, by its key (`savedKey`: platform and id). */
  unsavePost: { content: false, request: z.strictObject({ key: z.string().max(2200) }), reply: z.null() },
  /** The whole Saved list, newest first (the options page's backup). */
  listSavedPosts: { content: false, request: z.strictObject({}).optional(), reply: z.array(savedPostSchema) },
  /** Adds a backup's saved posts not saved here yet, as far as there is room. */
  importSavedPosts: {
    content: false,
    request: z.strictObject({ posts: z.array(savedPostSchema).max(MAX_SAVED_POSTS) }),
    reply: z.object({ added: z.number(), noRoom: z.number() }),
  },
} as const;
