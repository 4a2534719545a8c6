import { normalizeBaseUrl, siteOriginOf } from '@/lib/base-url';
import { z } from '@/lib/zod';
import { accountCheckSchema } from './account-check';
import { definePref } from './prefs';

/*
 * The user's accounts: each an API address, a label and the outcome of its last key check; its key
 * lives in the vault under the account's id, bound to the address's origin. An account is the
 * Outbox's unit of order and budget (its id is the Outbox's `account`). Not secret, and in the
 * extension origin's IndexedDB (prefs.ts), never in `storage.local`: which account speaks and where
 * its writes go must not be something a content process can change.
 */

/** `acct-` and a UUID (tests may use shorter ids of the same alphabet). */
export const ACCOUNT_ID = /^acct-[a-z0-9-]{1,40}$/;
/** The longest label. */
export const MAX_ACCOUNT_LABEL = 40;
/** The most accounts. */
export const MAX_ACCOUNTS = 20;
/** The largest reserve, in writes per window. */
export const MAX_RESERVE = 1000;

export const accountRecordSchema = z.object({
  id: z.string().regex(ACCOUNT_ID),
  /** The user's name for it; '' lets the UI name it by the platform's name for it or its host (lib/account-name.ts). */
  label: z.string().max(MAX_ACCOUNT_LABEL),
  /** The API base URL, normalized (`https://host/`, or `http:` on loopback). */
  baseUrl: z.string().refine((url) => normalizeBaseUrl(url) === url, 'not a normalized API address'),
  /** Writes per window left for the website and app (0: none kept). */
  reserve: z.int().min(0).max(MAX_RESERVE),
  addedAt: z.number(),
  check: accountCheckSchema.optional(),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

/** Every account, which one is the default, and who spoke last on each platform. */
export interface AccountBook {
  accounts: AccountRecord[];
  defaultId: string | null;
  /** Platform origin → the account the user last chose there (replies and reactions default to it). */
  lastUsed: Record<string, string>;
}

export const EMPTY_BOOK: AccountBook = { accounts: [], defaultId: null, lastUsed: {} };

/** Keeps every well-formed account (first of each id), a default that exists, and last-used entries that exist. */
export function repairBook(raw: unknown): AccountBook {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const accounts: AccountRecord[] = [];
  for (const entry of Array.isArray(record.accounts) ? record.accounts.slice(0, MAX_ACCOUNTS) : []) {
    const parsed = accountRecordSchema.safeParse(entry);
    if (parsed.success && !accounts.some((a) => a.id === parsed.data.id)) accounts.push(parsed.data);
  }
  const ids = new Set(accounts.map((account) => account.id));
  const wanted = typeof record.defaultId === 'string' && ids.has(record.defaultId) ? record.defaultId : null;
  const lastUsed: Record<string, string> = {};
  const rawLast = typeof record.lastUsed === 'object' && record.lastUsed !== null ? record.lastUsed : {};
  for (const [origin, id] of Object.entries(rawLast)) {
    if (typeof id === 'string' && ids.has(id) && siteOriginOf(origin) === origin) lastUsed[origin] = id;
  }
  return { accounts, defaultId: wanted ?? accounts[0]?.id ?? null, lastUsed };
}

/** The account book, parsed (and repaired) on every read. */
export const accountsItem = definePref<AccountBook>('accounts', { fallback: EMPTY_BOOK, parse: repairBook });

/** The API origin of an account (its key is bound to it). */
export function originOf(account: Pick<AccountRecord, 'baseUrl'>): string {
  return new URL(account.baseUrl).origin;
}

/**
 * An address as the user typed it: the normalized form without its trailing slash
 * (`https://debate.example/api/` → `https://debate.example/api`), for the settings and the address field.
 */
export function addressOf(account: Pick<AccountRecord, 'baseUrl'>): string {
  return account.baseUrl.replace(/\/$/, '');
}

/** The default account, or undefined when there is none. */
export function defaultAccount(book: AccountBook): AccountRecord | undefined {
  return book.accounts.find((account) => account.id === book.defaultId) ?? book.accounts[0];
}

/** An account by id. */
export function accountById(book: AccountBook, id: string): AccountRecord | undefined {
  return book.accounts.find((account) => account.id === id);
}

/**
 * Who speaks on a platform when the user did not say: the account last used there, else the
 * default when it is on that platform, else the first account there.
 */
export function speakerOn(book: AccountBook, origin: string): AccountRecord | undefined {
  const last = book.lastUsed[origin];
  const onIt = book.accounts.filter((account) => originOf(account) === origin);
  const fallback = defaultAccount(book);
  return (
    onIt.find((account) => account.id === last) ??
    (fallback !== undefined && originOf(fallback) === origin ? fallback : onIt[0])
  );
}

/** A new account id. */
export function newAccountId(): string {
  return `acct-${crypto.randomUUID()}`;
}
