import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendMessage } from '@/lib/messages/send';
import { DEFAULT_SETTINGS, type ReactionKind } from '@/lib/storage/settings';

/**
 * The reaction kinds from the settings (undefined until read), read again when the settings change
 * (the options page saved), so the buttons follow without reopening the panel.
 */
export function useReactionKinds(): readonly ReactionKind[] | undefined {
  const [kinds, setKinds] = useState<readonly ReactionKind[]>();
  useEffect(() => {
    let alive = true;
    const load = async () => {
      const reply = await sendMessage('getSettings');
      if (alive) setKinds(reply.ok ? reply.data.reactionKinds : DEFAULT_SETTINGS.reactionKinds);
    };
    void load();
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
