import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { Reply } from '@/lib/messages/envelope';
import { bodyProblem, type ComposerMessage } from '@/lib/ui/compose';
import { errorText } from '@/lib/ui/error-text';
import { parseSendAt, whenWords } from '@/lib/ui/send-at';
import type { DraftKey, DraftStore } from './drafts';

/** What a composer needs from its container. */
export interface DraftComposer {
  value: string;
  busy: boolean;
  message: ComposerMessage | null;
  onInput: (text: string) => void;
  onSubmit: () => Promise<void>;
  /** Puts text in the box from elsewhere (a draft handed over), with a note. */
  replace: (text: string, note?: string) => void;
  /** "Send at…": the field's value, null while the write goes as soon as it can. */
  sendAt: string | null;
  onSendAt: (value: string | null) => void;
}

/**
 * A composer backed by a draft: every keystroke is kept (see {@link DraftStore}); the draft is
 * cleared only once `send` answers that the write is queued, and kept with the error in words when
 * it is not.
 */
export function useDraftComposer(
  drafts: DraftStore,
  key: DraftKey,
  send: (body: string, sendAt?: number) => Promise<Reply<'enqueueWrite'>>,
  queuedText: string,
  onQueued?: (confirmation: string) => void,
): DraftComposer {
  const [value, setValue] = useState(() => drafts.get(key));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ComposerMessage | null>(null);
  const [sendAt, setSendAt] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  // Drawn before the stored drafts were read: the draft shows once they are (what was typed
  // meanwhile is the draft then: the store keeps it over the stored one).
  useEffect(() => drafts.whenLoaded(() => setValue(drafts.get(key))), [drafts, key]);

  const onInput = useCallback(
    (text: string) => {
      setValue(text);
      drafts.set(key, text);
      setMessage(null);
    },
    [drafts, key],
  );

  const onSubmit = async () => {
    const problem = bodyProblem(value);
    if (problem !== null) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    const when = sendAt === null ? undefined : parseSendAt(sendAt, Date.now());
    if (when !== undefined && 'problem' in when) {
      setMessage({ tone: 'error', text: t(when.problem) });
      return;
    }
    setBusy(true);
    setMessage(null);
    const reply = await send(value, when?.sendAt);
    if (reply.ok) await drafts.clear(key);
    if (!live.current) return;
    setBusy(false);
    if (reply.ok) {
      setValue('');
      setSendAt(null);
      const confirmation = when === undefined ? queuedText : t('composeScheduled', whenWords(when.sendAt));
      setMessage({ tone: 'ok', text: confirmation });
      onQueued?.(confirmation);
    } else setMessage({ tone: 'error', text: errorText(reply.error) });
  };

  const replace = useCallback(
    (text: string, note?: string) => {
      setValue(text);
      drafts.set(key, text);
      setMessage(note === undefined ? null : { tone: 'ok', text: note });
    },
    [drafts, key],
  );

  const onSendAt = useCallback((next: string | null) => {
    setSendAt(next);
    setMessage(null);
  }, []);

  return { value, busy, message, onInput, onSubmit, replace, sendAt, onSendAt };
}
