import { MAX_HOST_LENGTH } from '@/lib/storage/settings-limits';
import { z } from '@/lib/zod';

/**
 * "Only on sites I choose": the popup's switch for the site in front of the user (protocol.ts
 * spreads it in). Extension pages only: a page's script must never add its own site, nor take one
 * off. Adding needs the site's host access granted first (the popup asks the browser from the
 * click); taking one off gives that access back.
 */
export const siteMessages = {
  /** Puts a site (a hostname) on the list of chosen sites or takes it off; answers the list. */
  chooseSite: {
    content: false,
    request: z.strictObject({
      hostname: z.string().min(1).max(MAX_HOST_LENGTH),
      chosen: z.boolean(),
    }),
    reply: z.array(z.string()),
  },
};
