import { StatusLine } from '@/components/common/StatusLine';
import { type MessageKey, t } from '@/lib/i18n';
import type { OptionalPermission } from '@/lib/ui/use-permission';
import { usePermissionSwitch } from './use-permission-switch';
import type { SaveSettings } from './use-settings';

/** The settings that need an optional permission, with the stem of their words' message keys. */
const SWITCHES = {
  notify: { stem: 'optionsNotify', hintId: 'notify-hint' },
  decorateAllSites: { stem: 'optionsAllSites', hintId: 'all-sites-hint' },
} as const;
type Switch = keyof typeof SWITCHES;
/** A switch's words: `<stem>` its label, then its hint, its hint once revoked, and what a click did. */
type Word = '' | 'Hint' | 'Revoked' | 'Refused' | 'On' | 'Off';

/**
 * A setting that needs an optional permission, as a card shows it: the checkbox (busy while the
 * browser asks), its hint (another when the permission was taken back in the browser's own
 * settings), and the line that says what the last click did (use-permission-switch.ts).
 */
export function PermissionSwitch(props: {
  setting: Switch;
  permission: OptionalPermission;
  enabled: boolean;
  save: SaveSettings;
}) {
  const { stem, hintId } = SWITCHES[props.setting];
  const word = (which: Word) => t(`${stem}${which}` satisfies MessageKey);
  const toggle = usePermissionSwitch(props.permission, (on) => ({ [props.setting]: on }), props.enabled, props.save, {
    refused: word('Refused'),
    on: word('On'),
    off: word('Off'),
  });
  return (
    <>
      <label class="check">
        <input
          type="checkbox"
          checked={toggle.on}
          disabled={toggle.busy}
          aria-describedby={hintId}
          onChange={toggle.toggle}
        />
        {word('')}
      </label>
      <p id={hintId} class="hint">
        {word(toggle.revoked ? 'Revoked' : 'Hint')}
      </p>
      <StatusLine saves error={toggle.message?.kind === 'error'}>
        {toggle.message?.text}
      </StatusLine>
    </>
  );
}
