import { type MessageKey, t } from '@/lib/i18n';
import type { Status } from '@/lib/ui/use-status';

/** The scopes the extension uses and what each one enables (spec §5). */
const SCOPES: { scope: string; feature: MessageKey }[] = [
  { scope: 'posts:read', feature: 'scopePostsRead' },
  { scope: 'posts:write', feature: 'scopePostsWrite' },
  { scope: 'reactions:write', feature: 'scopeReactionsWrite' },
];

/** After a key check: the account, and which features each missing scope disables. */
export function ScopeList({ status }: { status: Status | undefined }) {
  if (!status?.scopes) return null;
  const who = status.account?.displayName ?? status.account?.handle ?? t('optionsUnknownAccount');
  return (
    <section class="card" aria-labelledby="scopes-title">
      <h2 id="scopes-title">{t('optionsAccount', who)}</h2>
      <ul class="scopes">
        {SCOPES.map(({ scope, feature }) => {
          const granted = status.scopes?.includes(scope) ?? false;
          return (
            <li key={scope} class={granted ? 'granted' : 'missing'}>
              <code>{scope}</code> — {t(feature)} <strong>{granted ? t('scopeGranted') : t('scopeMissing')}</strong>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
