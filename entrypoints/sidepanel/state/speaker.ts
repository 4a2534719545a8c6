import { useEffect } from 'preact/hooks';
import { type SpeakerLine, speakerLine } from '@/components/common/AccountChooser';
import type { AccountView } from '@/lib/messages/fields';
import type { Status } from '@/lib/ui/page-store';
import { useSpeaker } from '@/lib/ui/speaker';

/**
 * The account the side panel speaks as (its writes' `as`) and reads with: the timeline is the
 * default account's platform's unless the user chose an account on another platform here. Kept at
 * module level too, so the timeline's page fetches (made outside the components) read it.
 */
let chosen: { id: string; otherPlatform: boolean } | undefined;

/** What a write from the panel adds to its request: who speaks (the default's when nobody was chosen yet). */
export function speakerField(): { as?: string } {
  return chosen === undefined ? {} : { as: chosen.id };
}

/** What a timeline fetch adds: the chosen account, only when it reads another platform than the default's. */
export function readerField(): { account?: string } {
  return chosen?.otherPlatform === true ? { account: chosen.id } : {};
}

/** Where the speaker line comes from before the background's status arrives. */
export interface SpeakerSource {
  /** The last opening's line, drawn until the status tells who speaks (so the list below does not move). */
  cached?: SpeakerLine | undefined;
  /** Keeps the line for the next opening. */
  remember?: (line: SpeakerLine | undefined) => void;
}

/**
 * The line that shows the panel's speaker (the kept one until the status arrives), and how to choose; calls
 * `onPlatformChange` when the choice moves the timeline to another platform.
 */
export function usePanelSpeaker(
  status: Status | undefined,
  onPlatformChange: () => void,
  source: SpeakerSource = {},
): { line: SpeakerLine | undefined; choose: (id: string) => void } {
  const { speaker, choose } = useSpeaker(status);
  const line = status === undefined ? source.cached : speakerLine(status.accounts, speaker);
  const lineKey = status === undefined ? undefined : JSON.stringify(line ?? null);
  useEffect(() => {
    if (lineKey !== undefined) source.remember?.(line);
  }, [lineKey]);
  const main = status?.accounts.find((account) => account.isDefault);
  const otherPlatform = speaker !== undefined && main !== undefined && speaker.origin !== main.origin;
  useEffect(() => {
    const before = chosen?.otherPlatform === true ? chosen.id : undefined;
    chosen = speaker === undefined ? undefined : { id: speaker.id, otherPlatform };
    const after = otherPlatform ? speaker?.id : undefined;
    if (before !== after) onPlatformChange();
  }, [speaker?.id, otherPlatform]);
  return { line, choose };
}
