import type { Ref } from 'preact';
import { SendAtField } from '@/components/common/SendAtField';
import { t, tCount } from '@/lib/i18n';
import { type ComposerMessage, charsLeft, isMac } from '@/lib/ui/compose';

export interface ComposerProps {
  /** Prefix of the element ids (unique on the page). */
  id: string;
  /** The textbox's accessible name ("New post", "Reply"). */
  label: string;
  /** The send button's name ("Post", "Send reply"). */
  submitLabel: string;
  value: string;
  placeholder?: string;
  /** A send is under way: the text stays put and the button does nothing. */
  busy: boolean;
  /** What happened to the last send, or a note (e.g. where a handed-over draft went). */
  message: ComposerMessage | null;
  /** Show the label (the new-post box) or keep it for screen readers only (a reply under its post). */
  showLabel?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onInput: (text: string) => void;
  onSubmit: () => void;
  /** Escape pressed in the textbox (a reply composer closes). */
  onEscape?: () => void;
  /** "Send at…": the chosen time (null: as soon as it can); absent where writes cannot be scheduled. */
  sendAt?: string | null;
  onSendAt?: (value: string | null) => void;
}

/**
 * A text box with a send button. Ctrl+Enter (⌘+Enter on a Mac) sends; errors and confirmations are
 * announced in words under it and tied to the box with aria-describedby.
 */
export function Composer(props: ComposerProps) {
  const { id, label, submitLabel, value, placeholder, busy, message, showLabel = true } = props;
  const left = charsLeft(value);
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!busy) props.onSubmit();
    } else if (event.key === 'Escape' && props.onEscape) {
      event.preventDefault();
      props.onEscape();
    }
  };
  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) props.onSubmit();
      }}
    >
      <label for={`${id}-text`} class={showLabel ? 'composer-label' : 'visually-hidden'}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={props.textareaRef}
        rows={3}
        dir="auto"
        value={value}
        placeholder={placeholder}
        readOnly={busy}
        aria-invalid={message?.tone === 'error' ? true : undefined}
        aria-describedby={`${hintId} ${messageId}`}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div class="composer-row">
        <span id={hintId} class="hint">
          {isMac() ? t('panelSendHintMac') : t('panelSendHint')}
          {left !== null && (
            <span class={left < 0 ? 'chars-left over' : 'chars-left'}> {tCount('panelCharsLeft', left)}</span>
          )}
        </span>
        {props.sendAt !== undefined && props.onSendAt !== undefined && (
          <SendAtField id={id} value={props.sendAt} onChange={props.onSendAt} disabled={busy} />
        )}
        <button type="submit" aria-disabled={busy ? true : undefined}>
          {props.sendAt ? t('composeSchedule') : submitLabel}
        </button>
      </div>
      <p id={messageId} class={`composer-message ${message?.tone ?? ''}`} role="status">
        {busy ? t('panelSending') : (message?.text ?? '')}
      </p>
    </form>
  );
}
