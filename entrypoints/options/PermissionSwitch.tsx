import { StatusLine } from '@/components/common/StatusLine';
import type { usePermissionSwitch } from './use-permission-switch';

/**
 * A setting that needs an optional permission, as a card shows it: the checkbox (busy while the
 * browser asks), its hint (another when the permission was taken back in the browser's own
 * settings), and the line that says what the last click did.
 */
export function PermissionSwitch(props: {
  toggle: ReturnType<typeof usePermissionSwitch>;
  /** The hint's id (the checkbox is described by it). */
  hintId: string;
  label: string;
  hint: string;
  /** The hint while the setting is on but the browser took the permission back. */
  revokedHint: string;
}) {
  const { toggle } = props;
  return (
    <>
      <label class="check">
        <input
          type="checkbox"
          checked={toggle.on}
          disabled={toggle.busy}
          aria-describedby={props.hintId}
          onChange={toggle.toggle}
        />
        {props.label}
      </label>
      <p id={props.hintId} class="hint">
        {toggle.revoked ? props.revokedHint : props.hint}
      </p>
      <StatusLine saves error={toggle.message?.kind === 'error'}>
        {toggle.message?.text}
      </StatusLine>
    </>
  );
}
