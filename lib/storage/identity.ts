import type { Me } from '@/lib/api/schemas';
import { z } from '@/lib/zod';
import { accountSchema } from './account-check';
import { definePref } from './prefs';

/** What the last key check said, kept so the popup can show the account without calling the API. */
export interface Identity {
  baseUrl: string;
  account: Me['account'] | null;
  scopes: string[] | null;
  checkedAt: number;
}

const identitySchema = z.object({
  baseUrl: z.string(),
  account: accountSchema.nullable(),
  scopes: z.array(z.string()).nullable(),
  checkedAt: z.number(),
});

/** Not secret (no key): the account and scopes of the last successful key check (prefs: see there). */
export const identityItem = definePref<Identity | null>('identity', {
  fallback: null,
  parse: (raw) => {
    const parsed = identitySchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  },
});
