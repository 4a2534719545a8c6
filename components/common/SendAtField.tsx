import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { suggestedSendAt } from '@/lib/ui/send-at';

export interface SendAtFieldProps {
  /** Prefix of the element ids (unique on the page). */
  id: string;
  /** The field's value (`YYYY-MM-DDTHH:MM`), or null while the write goes as soon as it can. */
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
}

/**
 * "Send at…": a button that opens a date-and-time field (the browser's own picker) for the write to
 * go at that time instead of now, and "Send now instead" to forget it. The focus follows: into the
 * field when it opens, back to the button when it closes.
 */
export function SendAtField({ id, value, onChange, disabled }: SendAtFieldProps) {
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(value !== null);
  useEffect(() => {
    if (value !== null && !wasOpen.current) field.current?.focus();
    if (value === null && wasOpen.current && document.activeElement === document.body) opener.current?.focus();
    wasOpen.current = value !== null;
  }, [value]);

  if (value === null) {
    return (
      <button
        type="button"
        ref={opener}
        class="link-button send-at-open"
        disabled={disabled}
        onClick={() => onChange(suggestedSendAt(Date.now()))}
      >
        {t('composeSendAt')}
      </button>
    );
  }
  return (
    <span class="send-at">
      <label for={`${id}-send-at`}>{t('composeSendAtLabel')}</label>
      <input
        id={`${id}-send-at`}
        ref={field}
        type="datetime-local"
        value={value}
        disabled={disabled}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      <button type="button" class="link-button" disabled={disabled} onClick={() => onChange(null)}>
        {t('composeSendAtClear')}
      </button>
    </span>
  );
}
