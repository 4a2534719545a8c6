import { z } from 'zod';
import { BUDGET_HEADER_STYLES } from '../budget-headers.js';
import { SCOPES } from '../scopes.js';
import { textProblem } from '../text.js';

const id = z.string().min(1).max(100);
const nonBlank = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => s.trim().length > 0, 'must not be blank');

/** `POST /__sandbox/keys`. */
export const keysSchema = z
  .strictObject({
    scopes: z.array(z.enum(SCOPES)).max(SCOPES.length),
    account: id.optional(),
    appName: nonBlank(100).optional(),
    handle: z
      .string()
      .regex(/^[a-z0-9_]{2,30}$/, 'handle: 2 to 30 of a-z, 0-9 and _')
      .optional(),
    displayName: nonBlank(100).optional(),
  })
  .refine((b) => b.account === undefined || (b.handle === undefined && b.displayName === undefined), {
    message: 'handle and displayName describe a new account; leave them out when naming an existing account',
  });

/** `POST /__sandbox/keys/enable`: the key in clear text or its id (`key_…`). */
export const keyRefSchema = z.strictObject({ key: z.string().min(1).max(200) });

/** `POST /__sandbox/keys/disable`. */
export const disableSchema = z.strictObject({ key: z.string().min(1).max(200), reason: nonBlank(500) });

/** `POST /__sandbox/budget`. */
export const budgetSchema = z.strictObject({
  account: id,
  writes: z.int().min(1).max(1_000_000),
  windowSeconds: z.int().min(1).max(86_400),
});

/** `POST /__sandbox/budget-headers`: a style for every dialect, or null for each dialect's own. */
export const budgetHeadersSchema = z.strictObject({ style: z.enum(BUDGET_HEADER_STYLES).nullable() });

/** The query of `GET /__sandbox/accounts/{id}/writes`: `since` is sandbox time in ms. */
export const writesQuerySchema = z.strictObject({
  since: z
    .string()
    .regex(/^\d{1,16}$/, 'since must be a time in milliseconds')
    .transform(Number)
    .optional(),
});

/** `POST /__sandbox/webhooks`. */
export const webhookSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  secret: z.string().min(1).max(256),
});

/** `POST /__sandbox/clock`: moves sandbox time forward. */
export const clockSchema = z.strictObject({
  advanceMs: z
    .int()
    .min(0)
    .max(10 * 366 * 24 * 3600 * 1000),
});

/** `POST /__sandbox/reset`. */
export const resetSchema = z.strictObject({ seed: z.boolean().optional() });

/** `POST /__sandbox/dialect`: which dialect the API speaks from now on. */
export const dialectSchema = z.strictObject({ name: z.string().min(1).max(40) });

/** `POST /__sandbox/posts/{id}/remove`: a moderator takes a post down. */
export const removePostSchema = z.strictObject({ reason: z.string().min(1).max(300).optional() });

const fixtureText = z.string().superRefine((text, ctx) => {
  const problem = textProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** `POST /__sandbox/posts`: either `count` synthetic posts or the given `posts`. */
export const bulkPostsSchema = z
  .strictObject({
    count: z.int().min(1).max(10_000).optional(),
    account: id.optional(),
    posts: z
      .array(z.strictObject({ body: fixtureText, account: id.optional() }))
      .min(1)
      .max(10_000)
      .optional(),
  })
  .refine((b) => (b.count === undefined) !== (b.posts === undefined), { message: 'give either count or posts' });
