import { browser } from 'wxt/browser';
import { accountName, isNamedByHost } from '@/lib/account-name';
import { t } from '@/lib/i18n';
import type { Status } from '@/lib/ui/page-store';

/** The popup's own key check: done once when the status knows of a key but not yet of its account. */
export type KeyCheck = { state: 'idle' } | { state: 'checking' } | { state: 'failed'; text: string };

/** What the popup says about the connection, most urgent first. */
function summary(status: Status, check: KeyCheck): { tone: 'ok' | 'problem' | 'muted'; text: string } {
  if (status.baseUrl === '') return { tone: 'problem', text: t('popupNoBaseUrl') };
  if (!status.key.set) return { tone: 'problem', text: t('popupNoKey') };
  if (status.pause.disabled !== null)
    return { tone: 'problem', text: t('popupKeyDisabled', status.pause.disabled.reason) };
  if (check.state === 'failed') return { tone: 'problem', text: check.text };
  if (status.account !== null) {
    // The default account, named as everywhere else; "The key works" when the platform named no one
    // and the user gave it no label (its host would say nothing here).
    const main = status.accounts.find((account) => account.isDefault);
    return main === undefined || isNamedByHost(main)
      ? { tone: 'ok', text: t('popupKeyWorks') }
      : { tone: 'ok', text: t('popupSignedInAs', accountName(main)) };
  }
  if (check.state === 'checking') return { tone: 'muted', text: t('popupChecking') };
  return { tone: 'muted', text: t('popupKeyUnchecked', status.key.last4 ?? '') };
}

/** Missing scopes, as the features they switch off. */
function missingFeatures(status: Status): string[] {
  if (status.scopes === null) return [];
  const missing: string[] = [];
  if (!status.scopes.includes('posts:write')) missing.push(t('popupCannotPost'));
  if (!status.scopes.includes('reactions:write')) missing.push(t('popupCannotReact'));
  if (!status.scopes.includes('posts:read')) missing.push(t('popupCannotRead'));
  return missing;
}

const openOptions = (event: Event) => {
  event.preventDefault();
  void browser.runtime.openOptionsPage();
};

/** Key status at a glance: the account the key acts for, or what is wrong, with a way to fix it. */
export function KeyStatus({ status, check }: { status: Status | undefined; check: KeyCheck }) {
  if (status === undefined) {
    return <p class="key-status muted">{t('popupLoading')}</p>;
  }
  const { tone, text } = summary(status, check);
  const features = tone === 'ok' ? missingFeatures(status) : [];
  return (
    <div class={`key-status ${tone}`}>
      <p>{text}</p>
      {status.key.set && tone === 'ok' && <p class="key-ending">{t('popupKeyEnding', status.key.last4 ?? '')}</p>}
      {features.map((feature) => (
        <p key={feature} class="problem">
          {feature}
        </p>
      ))}
      {(tone !== 'ok' || features.length > 0) && (
        <a
          href={browser.runtime.getURL('/options.html')}
          target="_blank"
          rel="noopener noreferrer"
          onClick={openOptions}
        >
          {t('popupOpenOptions')}
        </a>
      )}
    </div>
  );
}
