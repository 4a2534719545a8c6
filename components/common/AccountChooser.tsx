import { hostName } from '@/lib/account-name';
import { t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';

/**
 * "as <account>" beside a composer: with one account it only says who speaks; with several it is
 * a select (each named with its platform's host when they are on more than one platform, unless its
 * name is that host already).
 */
export function AccountChooser({
  id,
  accounts,
  speaker,
  onChoose,
}: {
  id: string;
  accounts: readonly AccountView[];
  speaker: AccountView | undefined;
  onChoose: (id: string) => void;
}) {
  if (speaker === undefined) return null;
  if (accounts.length < 2) {
    return <p class="speaker">{t('speakerAs', speaker.name)}</p>;
  }
  const platforms = new Set(accounts.map((account) => account.origin)).size;
  return (
    <p class="speaker">
      <label for={id}>{t('speakerLabel')}</label>{' '}
      <select id={id} value={speaker.id} onChange={(event) => onChoose(event.currentTarget.value)}>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {platforms > 1 && account.name !== hostName(account.origin)
              ? `${account.name} · ${hostName(account.origin)}`
              : account.name}
          </option>
        ))}
      </select>
    </p>
  );
}
