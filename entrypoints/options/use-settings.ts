import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { RequestInput } from '@/lib/messages/protocol';
import { sendMessage } from '@/lib/messages/send';
import type { Settings } from '@/lib/storage/settings';
import { errorText } from '@/lib/ui/error-text';
import { pageStore, useSettings as usePageSettings } from '@/lib/ui/page-store';

/** A change to the settings, as `saveSettings` takes it. */
export type SettingsChange = RequestInput<'saveSettings'>;
/** Saves a change; resolves with words for an error, or undefined once saved. */
export type SaveSettings = (change: SettingsChange) => Promise<string | undefined>;

/**
 * The settings from the page's store (undefined until known), which the background's pushes keep
 * current, and a way to save changes to them. The cards' fields follow them (use-draft.ts): a mute
 * from the panel shows in "Muted people" at once, merged into what is being typed there. The page
 * also asks once, so a background that cannot answer is said in words.
 */
export function useSettings(): { settings: Settings | undefined; loadError: string | undefined; save: SaveSettings } {
  const settings = usePageSettings();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    void sendMessage('getSettings').then((reply) => {
      if (reply.ok) pageStore().seedSettings(reply.data);
      else setLoadError(errorText(reply.error));
    });
  }, []);
  const save = useCallback<SaveSettings>(async (change) => {
    const reply = await pageStore().saveSettings(change);
    if (!reply.ok) return reply.error.code === 'bad_request' ? t('optionsNotSavedInvalid') : errorText(reply.error);
    return undefined;
  }, []);
  return { settings, loadError, save };
}

/** Where an automatic save is: nothing to do, waiting for typing to rest, saving, saved, or refused. */
export type AutosaveState =
  | { state: 'idle' }
  | { state: 'invalid' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'error'; text: string };

/** How long typing rests before a change is saved. */
export const AUTOSAVE_DELAY_MS = 500;

/**
 * Saves `value` shortly after it last changed, when it is valid (`undefined` means "not valid now")
 * and differs from what was last saved: by this card, or elsewhere (`saved`, the page store's value,
 * which the fields take too: use-draft.ts). Options pages save as you go; there is no Save button to miss.
 */
export function useAutosave<T>(
  value: T | undefined,
  saved: T,
  save: (value: T) => Promise<string | undefined>,
): AutosaveState {
  const [state, setState] = useState<AutosaveState>({ state: 'idle' });
  const savedKey = JSON.stringify(saved);
  const lastSaved = useRef(savedKey);
  const saveRef = useRef(save);
  saveRef.current = save;
  const key = value === undefined ? undefined : JSON.stringify(value);

  // A value saved elsewhere is saved: fields that take it have nothing to save back.
  useLayoutEffect(() => {
    lastSaved.current = savedKey;
  }, [savedKey]);

  useEffect(() => {
    if (key === undefined) {
      setState({ state: 'invalid' });
      return;
    }
    if (key === lastSaved.current) {
      setState((current) => (current.state === 'invalid' ? { state: 'idle' } : current));
      return;
    }
    const timer = setTimeout(async () => {
      setState({ state: 'saving' });
      const failure = await saveRef.current(JSON.parse(key) as T);
      if (failure === undefined) {
        lastSaved.current = key;
        setState({ state: 'saved' });
      } else setState({ state: 'error', text: failure });
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return state;
}
