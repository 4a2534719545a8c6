import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Reply } from '@/lib/messages/reply';
import { sendMessage } from '@/lib/messages/send';
import { DEFAULT_SETTINGS, type ReactionKind } from '@/lib/storage/settings';

/**
 * The reaction kinds from the settings (undefined until read), read again when the settings change
 * (the options page saved), so the buttons follow without reopening the panel. `initial` is an
 * answer already on its way (the panel asks before its bundle has loaded).
 */
export function useReactionKinds(initial?: Promise<Reply<'getSettings'>>): readonly ReactionKind[] | undefined {
  const [kinds, setKinds] = useState<readonly ReactionKind[]>();
  useEffect(() => {
    let alive = true;
    const load = async (answer: Promise<Reply<'getSettings'>> = sendMessage('getSettings')) => {
      const reply = await answer;
      if (alive) setKinds(reply.ok ? reply.data.reactionKinds : DEFAULT_SETTINGS.reactionKinds);
    };
    void load(initial);
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && 'settings' in changes) void load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      alive = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, []);
  return kinds;
}
