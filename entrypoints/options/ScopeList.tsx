import { accountName, personName } from '@/lib/account-name';
import { t } from '@/lib/i18n';
import { SCOPES } from '@/lib/ui/account-state';
import type { Status } from '@/lib/ui/page-store';

/** The default account, named as everywhere else (lib/account-name.ts). */
function defaultName(status: Status): string {
  const main = status.accounts.find((account) => account.isDefault);
  return main === undefined ? (personName(status.account) ?? t('optionsUnknownAccount')) : accountName(main);
}

/** After a key check: the account, each scope the extension uses, and which features a missing one turns off. */
export function ScopeList({ status }: { status: Status | undefined }) {
  if (!status?.scopes) return null;
  const scopes = status.scopes;
  const missing = SCOPES.filter(({ scope }) => !scopes.includes(scope)).length;
  return (
    <section class="card" aria-labelledby="scopes-title">
      <h2 id="scopes-title">{t('optionsAccount', defaultName(status))}</h2>
      <p class="hint">{missing === 0 ? t('optionsScopesAll') : t('optionsScopesSome')}</p>
      <ul class="scopes">
        {SCOPES.map(({ scope, feature, off }) => {
          const granted = scopes.includes(scope);
          return (
            <li key={scope} class={granted ? 'granted' : 'missing'}>
              <code>{scope}</code>{' '}
              <strong class="scope-state">{granted ? t('scopeGranted') : t('scopeMissing')}</strong>
              <span class="scope-feature">{granted ? t(feature) : t(off)}</span>
            </li>
          );
        })}
        {scopes.includes('debates:write') && (
          <li class="unused">
            <code>debates:write</code> <strong class="scope-state">{t('scopeUnused')}</strong>
            <span class="scope-feature">{t('scopeDebatesWrite')}</span>
          </li>
        )}
      </ul>
    </section>
  );
}
