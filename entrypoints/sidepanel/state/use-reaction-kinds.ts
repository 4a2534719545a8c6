import { useEffect } from 'preact/hooks';
import type { ReactionKind } from '@/lib/storage/reaction-kinds';
import { useSettings } from '@/lib/ui/page-store';

/** Where the panel's reaction kinds come from before the page's store has the settings. */
export interface KindsSource {
  /** The kinds of the last opening, shown until the store has them. */
  cached?: readonly ReactionKind[] | undefined;
  /** Keeps the kinds for the next opening. */
  remember?: (kinds: readonly ReactionKind[]) => void;
}

/**
 * The reaction kinds from the page's store (undefined until known), which the background's pushes
 * keep current (the options page saved), so the buttons follow without reopening the panel.
 */
export function useReactionKinds(source: KindsSource = {}): readonly ReactionKind[] | undefined {
  const kinds = useSettings()?.reactionKinds;
  useEffect(() => {
    if (kinds !== undefined) source.remember?.(kinds);
  }, [kinds]);
  return kinds ?? source.cached;
}
