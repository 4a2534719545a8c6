import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { MAX_BODY_LENGTH } from '@/lib/messages/limits';

export interface OutboxEditorProps {
  /** The text to start from (the failed write's body). */
  initial: string;
  /** Sends the edited text; resolves with words for an error, or undefined when it was queued. */
  onResend: (body: string) => Promise<string | undefined>;
  onCancel: () => void;
}

/** The inline editor of "Edit and resend": a textbox, Resend (also Ctrl/Cmd+Enter) and Cancel. */
export function OutboxEditor({ initial, onResend, onCancel }: OutboxEditorProps) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    area.current?.focus();
  }, []);

  const submit = async () => {
    const body = text.trim();
    if (body === '') return setError(t('outboxEditEmpty'));
    if (body.length > MAX_BODY_LENGTH) return setError(t('outboxEditTooLong', String(MAX_BODY_LENGTH)));
    setBusy(true);
    const failure = await onResend(body);
    setBusy(false);
    if (failure !== undefined) setError(failure);
  };

  return (
    <form
      class="outbox-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label for={`${id}-text`}>{t('outboxEditLabel')}</label>
      <textarea
        id={`${id}-text`}
        ref={area}
        rows={4}
        value={text}
        aria-describedby={`${id}-hint`}
        aria-invalid={error !== undefined}
        onInput={(event) => {
          setText(event.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <p id={`${id}-hint`} class="hint">
        {t('outboxEditHint', [String(text.trim().length), String(MAX_BODY_LENGTH)])}
      </p>
      {error !== undefined && (
        <p class="outbox-error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {t('outboxResend')}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          {t('outboxCancel')}
        </button>
      </div>
    </form>
  );
}
