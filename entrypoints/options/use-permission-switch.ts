import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { type OptionalPermission, usePermission } from '@/lib/ui/use-permission';
import type { SaveSettings, SettingsChange } from './use-settings';

/** The words of a switch: refused by the browser, turned on, turned off. */
export interface SwitchWords {
  refused: string;
  on: string;
  off: string;
}

/**
 * An options switch that needs an optional permission: turning it on asks the browser from the
 * click, then saves `setting`; turning it off saves, then gives the permission back. `on` holds only
 * while both the setting and the permission do.
 */
export function usePermissionSwitch(
  permission: OptionalPermission,
  setting: (on: boolean) => SettingsChange,
  enabled: boolean,
  save: SaveSettings,
  words: SwitchWords,
) {
  const { granted, request, remove } = usePermission(permission);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  const toggle = async (event: Event) => {
    const wanted = (event.currentTarget as HTMLInputElement).checked;
    setMessage(undefined);
    setBusy(true);
    // First thing in the click: the browser shows its prompt only for a user gesture.
    if (wanted && !(await request())) {
      setBusy(false);
      setMessage({ kind: 'error', text: words.refused });
      return;
    }
    const failure = await save(setting(wanted));
    // Least privilege: only this exact grant goes; the API's origin stays.
    if (!wanted && failure === undefined) await remove();
    setBusy(false);
    setMessage(
      failure === undefined
        ? { kind: 'ok', text: wanted ? words.on : words.off }
        : { kind: 'error', text: t('optionsNotSaved', failure) },
    );
  };

  return {
    granted,
    on: enabled && granted === true,
    /** The setting is on but the browser took the permission away. */
    revoked: enabled && granted === false,
    busy: busy || granted === undefined,
    message,
    toggle,
  };
}
