import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { MAX_BODY_LENGTH } from '@/lib/messages/limits';
import { fieldValue, parseSendAt } from '@/lib/ui/send-at';

export interface OutboxEditorProps {
  /** The text to start from (the failed write's body). */
  initial: string;
  /** A scheduled write's time: the editor changes it too, and saves instead of resending. */
  sendAt?: number | undefined;
  /** Sends the edited text (at the chosen time); resolves with words for an error, or undefined when done. */
  onResend: (body: string, sendAt?: number) => Promise<string | undefined>;
  onCancel: () => void;
}

/**
 * The inline editor of "Edit and resend" (a textbox, Resend, also Ctrl/Cmd+Enter, and Cancel), and
 * of a scheduled write's Edit (its text and its time, then Save).
 */
export function OutboxEditor({ initial, sendAt, onResend, onCancel }: OutboxEditorProps) {
  const [text, setText] = useState(initial);
  const [when, setWhen] = useState(sendAt === undefined ? undefined : fieldValue(sendAt));
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
    const chosen = when === undefined ? undefined : parseSendAt(when, Date.now());
    if (chosen !== undefined && 'problem' in chosen) return setError(t(chosen.problem));
    setBusy(true);
    const failure = await onResend(body, chosen?.sendAt);
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
      {when !== undefined && (
        <p class="send-at">
          <label for={`${id}-when`}>{t('composeSendAtLabel')}</label>
          <input
            id={`${id}-when`}
            type="datetime-local"
            value={when}
            onInput={(event) => {
              setWhen(event.currentTarget.value);
              setError(undefined);
            }}
          />
        </p>
      )}
      {error !== undefined && (
        <p class="outbox-error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {when === undefined ? t('outboxResend') : t('outboxSaveScheduled')}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          {t('outboxCancel')}
        </button>
      </div>
    </form>
  );
}
