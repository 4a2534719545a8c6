import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Reply } from '@/lib/messages/envelope';
import { bodyProblem, type ComposerMessage } from '@/lib/ui/compose';
import { errorText } from '@/lib/ui/error-text';
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
}

/**
 * A composer backed by a draft: every keystroke is kept (see {@link DraftStore}); the draft is
 * cleared only once `send` answers that the write is queued, and kept with the error in words when
 * it is not.
 */
export function useDraftComposer(
  drafts: DraftStore,
  key: DraftKey,
  send: (body: string) => Promise<Reply<'enqueueWrite'>>,
  queuedText: string,
  onQueued?: () => void,
): DraftComposer {
  const [value, setValue] = useState(() => drafts.get(key));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ComposerMessage | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

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
    setBusy(true);
    setMessage(null);
    const reply = await send(value);
    if (reply.ok) await drafts.clear(key);
    if (!live.current) return;
    setBusy(false);
    if (reply.ok) {
      setValue('');
      setMessage({ tone: 'ok', text: queuedText });
      onQueued?.();
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

  return { value, busy, message, onInput, onSubmit, replace };
}
