import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '@/lib/messages/envelope';
import { sendMessage } from '@/lib/messages/send';
import { DEFAULT_REACTION_KINDS, type ReactionKind } from '@/lib/storage/reaction-kinds';
import { settingsItem } from '@/lib/storage/settings';

/** Where the panel's reaction kinds come from before the settings answer. */
export interface KindsSource {
  /** A `getSettings` answer already on its way (the panel asks before its bundle has loaded). */
  initial?: Promise<Reply<'getSettings'>> | undefined;
  /** The kinds of the last opening, shown until the answer comes. */
  cached?: readonly ReactionKind[] | undefined;
  /** Keeps the kinds for the next opening. */
  remember?: (kinds: readonly ReactionKind[]) => void;
}

/**
 * The reaction kinds from the settings (undefined until known), read again when the settings change
 * (the options page saved), so the buttons follow without reopening the panel.
 */
export function useReactionKinds(source: KindsSource = {}): readonly ReactionKind[] | undefined {
  const [kinds, setKinds] = useState<readonly ReactionKind[] | undefined>(source.cached);
  useEffect(() => {
    let alive = true;
    const load = async (answer: Promise<Reply<'getSettings'>> = sendMessage('getSettings')) => {
      const reply = await answer;
      if (!alive) return;
      const next = reply.ok ? reply.data.reactionKinds : DEFAULT_REACTION_KINDS;
      setKinds(next);
      if (reply.ok) source.remember?.(next);
    };
    void load(source.initial);
    // The settings changed (the options page saved): ask again, through the background.
    const unwatch = settingsItem.watch(() => void load());
    return () => {
      alive = false;
      unwatch();
    };
  }, []);
  return kinds;
}
