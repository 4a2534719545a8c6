import { type MessageKey, t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';

/** The scopes the extension uses, what each one enables, and what is off without it (spec §5). */
export const SCOPES: { scope: string; feature: MessageKey; off: MessageKey }[] = [
  { scope: 'posts:read', feature: 'scopePostsRead', off: 'scopePostsReadOff' },
  { scope: 'posts:write', feature: 'scopePostsWrite', off: 'scopePostsWriteOff' },
  { scope: 'reactions:write', feature: 'scopeReactionsWrite', off: 'scopeReactionsWriteOff' },
];

/** How an account's key stands, as a tone to colour and words to show. */
export interface AccountState {
  tone: 'ok' | 'problem' | 'unknown';
  text: string;
}

/**
 * An account's state in words: key works / not accepted / disabled with the reason / missing scopes
 * (shared by the options' account rows and the welcome page).
 */
export function accountState(account: AccountView): AccountState {
  if (!account.key.set) return { tone: 'problem', text: t('accountNoKey') };
  const { check } = account;
  if (account.pause.disabled !== null)
    return { tone: 'problem', text: t('accountDisabled', account.pause.disabled.reason) };
  if (check === null) return { tone: 'unknown', text: t('accountNotChecked') };
  if (check.outcome === 'not_accepted') return { tone: 'problem', text: t('accountNotAccepted') };
  if (check.outcome === 'disabled') return { tone: 'problem', text: t('accountDisabled', check.message) };
  if (check.outcome !== 'ok') return { tone: 'unknown', text: t('accountCheckFailed', check.message) };
  const scopes = check.scopes;
  const missing = SCOPES.filter(({ scope }) => scopes !== null && !scopes.includes(scope));
  if (missing.length > 0) {
    return { tone: 'problem', text: t('accountMissingScopes', missing.map(({ scope }) => scope).join(', ')) };
  }
  return { tone: 'ok', text: t('accountWorks') };
}
