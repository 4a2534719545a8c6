import { z } from '@/lib/zod';

/** The account a key acts for, as far as the key check told (stored with the check; pages see it). */
export const accountSchema = z.object({
  id: z.string().optional(),
  handle: z.string().optional(),
  displayName: z.string().optional(),
});

/** The outcome of an account's last key check, as its row in options shows it. */
export const accountCheckSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('ok'),
    at: z.number(),
    account: accountSchema.nullable(),
    scopes: z.array(z.string()).nullable(),
  }),
  /** `not_accepted`: 401; `disabled`: 403 key_disabled (message is the server's reason); `failed`: anything else. */
  z.object({ outcome: z.enum(['not_accepted', 'disabled', 'failed']), at: z.number(), message: z.string() }),
]);
export type AccountCheck = z.infer<typeof accountCheckSchema>;
