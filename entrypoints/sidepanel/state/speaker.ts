import { useEffect } from 'preact/hooks';
import { type SpeakerLine, speakerLine } from '@/components/common/AccountChooser';
import type { Status } from '@/lib/ui/page-store';
import { defaultSpeaker, useSpeaker } from '@/lib/ui/speaker';

/**
 * The account the side panel speaks as (its writes' `as`) and reads with: the timeline is the
 * default account's platform's unless the user chose an account on another platform here. Kept at
 * module level, set as the speaker line is drawn, so the writes and the timeline's page fetches
 * (made outside the components) read it.
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

/** The account whose platform the timeline reads, when not the default's: a change loads the timeline again. */
let readingOther: string | undefined;

/** The kept line, with a choice made in it before the status came. */
function keptLine(cached: SpeakerLine | undefined, choice: string | undefined): SpeakerLine | undefined {
  if (cached === undefined || !cached.options.some((option) => option.id === choice)) return cached;
  return { ...cached, chosen: choice as string };
}

/**
 * The line that shows the panel's speaker, and how to choose. Until the status arrives it is the
 * last opening's, and a choice made in it holds. Who speaks is the one it shows from the moment it
 * is drawn: a write made then (a click on the picture done again, a post) goes as the account the
 * user saw, and fails in words if that account is gone. Calls `onPlatformChange` when the choice
 * moves the timeline to another platform. What it keeps for the next opening is the speaker that
 * opening picks (`opening`): a choice made here lasts while the panel is open.
 */
export function usePanelSpeaker(
  status: Status | undefined,
  onPlatformChange: () => void,
  source: SpeakerSource = {},
): { line: SpeakerLine | undefined; opening: string | undefined; choose: (id: string) => void } {
  const { speaker, chosen: choice, choose } = useSpeaker(status);
  const line = status === undefined ? keptLine(source.cached, choice) : speakerLine(status.accounts, speaker);
  const main = status?.accounts.find((account) => account.isDefault);
  const otherPlatform = speaker !== undefined && main !== undefined && speaker.origin !== main.origin;
  chosen = line === undefined ? undefined : { id: line.chosen, otherPlatform };

  const opening = status === undefined ? undefined : speakerLine(status.accounts, defaultSpeaker(status));
  const openingKey = status === undefined ? undefined : JSON.stringify(opening ?? null);
  useEffect(() => {
    if (openingKey !== undefined) source.remember?.(opening);
  }, [openingKey]);

  const reading = otherPlatform ? speaker?.id : undefined;
  useEffect(() => {
    if (reading === readingOther) return;
    readingOther = reading;
    onPlatformChange();
  }, [reading]);
  return { line, opening: opening?.chosen, choose };
}
