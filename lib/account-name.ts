/*
 * The one way the extension names an account, wherever it shows one (composer, Outbox, popup,
 * options, welcome page, inline bars, notifications, backups). Pure: no browser, no storage, no
 * messages, so every context and the unit tests share it. The rule (docs/decisions.md, "One name per
 * account"):
 *
 * 1. the label the user typed for it;
 * 2. else the person the platform named at the last good key check: "Dana Demo (@demo)", or the one
 *    part the platform gave ("Dana Demo", "@demo");
 * 3. else the host of the account's API address ("127.0.0.1:8899", "debate.example").
 */

/** Who the platform said a key acts for (`GET /v1/me`'s account, as the key check keeps it). */
export interface PlatformPerson {
  handle?: string | undefined;
  displayName?: string | undefined;
}

/** An account as far as its name goes: the user's label ('' for none), its address and its last key check. */
export interface NameableAccount {
  label: string;
  baseUrl: string;
  /** The last key check (`AccountRecord.check`, `AccountView.check`): only an `ok` one names a person. */
  check?: { outcome: string; account?: PlatformPerson | null | undefined } | null | undefined;
}

/** A person in words: "Dana Demo (@demo)", "Dana Demo", "@demo"; undefined when the platform named no one. */
export function personName(person: PlatformPerson | null | undefined): string | undefined {
  const display = person?.displayName?.trim() ?? '';
  const bare = person?.handle?.trim().replace(/^@+/, '') ?? '';
  const handle = bare === '' ? '' : `@${bare}`;
  if (display === '') return handle === '' ? undefined : handle;
  // A display name that is the handle again says nothing more: "@demo", not "demo (@demo)".
  if (handle === '' || display.replace(/^@+/, '').toLowerCase() === bare.toLowerCase()) {
    return handle === '' ? display : handle;
  }
  return `${display} (${handle})`;
}

/** The host of an API address ("127.0.0.1:8899"); the address itself when it does not parse. */
export function hostName(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}

/** The person an account's last key check named, when that check went well. */
export function checkedPerson(account: Pick<NameableAccount, 'check'>): PlatformPerson | null {
  const check = account.check;
  return check?.outcome === 'ok' ? (check.account ?? null) : null;
}

/** The account's name in the UI: its label, else the platform's name for its person, else its host. */
export function accountName(account: NameableAccount): string {
  const label = account.label.trim();
  if (label !== '') return label;
  return personName(checkedPerson(account)) ?? hostName(account.baseUrl);
}

/** Whether the name is only the account's host (nothing better known): callers then do not repeat the host. */
export function isNamedByHost(account: NameableAccount): boolean {
  return account.label.trim() === '' && personName(checkedPerson(account)) === undefined;
}
