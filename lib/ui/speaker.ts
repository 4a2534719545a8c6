import { useState } from 'preact/hooks';
import type { AccountView } from '@/lib/messages/fields';
import type { Status } from './page-store';

/**
 * Who speaks when the user has not chosen in this page: the account last chosen on the default
 * account's platform (replies and reactions there default to it), else the default account.
 */
export function defaultSpeaker(status: Status | undefined): AccountView | undefined {
  const main = status?.accounts.find((account) => account.isDefault);
  if (status === undefined || main === undefined) return undefined;
  const last = status.lastUsed[main.origin];
  return status.accounts.find((account) => account.id === last) ?? main;
}

/**
 * The account this page speaks as, and how to change it; a choice whose account is gone falls back.
 * `chosen` is the id chosen in this page, if any (the side panel shows it before the status comes).
 */
export function useSpeaker(status: Status | undefined): {
  speaker: AccountView | undefined;
  chosen: string | undefined;
  choose: (id: string) => void;
} {
  const [chosen, choose] = useState<string>();
  const speaker = status?.accounts.find((account) => account.id === chosen) ?? defaultSpeaker(status);
  return { speaker, chosen, choose };
}
