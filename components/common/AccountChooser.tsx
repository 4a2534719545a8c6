import { hostName } from '@/lib/account-name';
import { t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';

/**
 * What "as <account>" beside a composer shows: the accounts to choose from, each by its name (with
 * its platform's host when they are on more than one platform, unless its name is that host
 * already), and the one that speaks. Words only: the side panel keeps it for its next opening
 * (fast-open/panel-cache.ts), to draw it before the background's status arrives.
 */
export interface SpeakerLine {
  options: { id: string; text: string }[];
  chosen: string;
}

/** The line for `accounts` with `speaker` speaking; undefined with nobody to speak. */
export function speakerLine(
  accounts: readonly AccountView[],
  speaker: AccountView | undefined,
): SpeakerLine | undefined {
  if (speaker === undefined) return undefined;
  if (accounts.length < 2) return { options: [{ id: speaker.id, text: speaker.name }], chosen: speaker.id };
  const platforms = new Set(accounts.map((account) => account.origin)).size;
  const options = accounts.map((account) => ({
    id: account.id,
    text:
      platforms > 1 && account.name !== hostName(account.origin)
        ? `${account.name} · ${hostName(account.origin)}`
        : account.name,
  }));
  return { options, chosen: speaker.id };
}

/** "as <account>": with one account it only says who speaks; with several it is a select. */
export function SpeakerLineView({
  id,
  line,
  onChoose,
  opening,
}: {
  id: string;
  line: SpeakerLine | undefined;
  onChoose: (id: string) => void;
  /** The account the next opening speaks as, for the side panel's picture of its first screen. */
  opening?: string | undefined;
}) {
  if (line === undefined) return null;
  const [only] = line.options;
  if (line.options.length < 2) return <p class="speaker">{t('speakerAs', only?.text ?? '')}</p>;
  return (
    <p class="speaker">
      <label for={id}>{t('speakerLabel')}</label>{' '}
      <select
        id={id}
        value={line.chosen}
        data-opens-value={opening}
        onChange={(event) => onChoose(event.currentTarget.value)}
      >
        {line.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.text}
          </option>
        ))}
      </select>
    </p>
  );
}

/** The speaker line of `accounts`, `speaker` speaking. */
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
  return <SpeakerLineView id={id} line={speakerLine(accounts, speaker)} onChoose={onChoose} />;
}
