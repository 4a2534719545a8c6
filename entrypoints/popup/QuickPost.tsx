import { useEffect, useRef, useState } from 'preact/hooks';
import { AccountChooser } from '@/components/common/AccountChooser';
import { SendAtField } from '@/components/common/SendAtField';
import { StatusLine } from '@/components/common/StatusLine';
import { t } from '@/lib/i18n';
import { MAX_BODY_LENGTH } from '@/lib/messages/limits';
import { sendMessage } from '@/lib/messages/send';
import { quickPostDraftItem } from '@/lib/storage/quick-post-draft';
import { errorText } from '@/lib/ui/error-text';
import type { Status } from '@/lib/ui/page-store';
import { parseSendAt, whenWords } from '@/lib/ui/send-at';
import { useSpeaker } from '@/lib/ui/speaker';

/** How long typing rests before the draft is saved. */
const SAVE_DELAY_MS = 300;

/**
 * The quick-post box: a textbox "Quick post" and a "Post" button (or Ctrl/Cmd+Enter). The post goes
 * to the Outbox like any other write; the text is kept as a draft until it is queued.
 */
export function QuickPost({ ready, status }: { ready: boolean; status: Status | undefined }) {
  const { speaker, choose } = useSpeaker(status);
  const [text, setText] = useState('');
  const [feedback, setFeedback] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const [sendAt, setSendAt] = useState<string | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    void quickPostDraftItem.getValue().then((draft) => setText((current) => (current === '' ? draft : current)));
    return () => clearTimeout(saveTimer.current);
  }, []);

  const change = (value: string) => {
    setText(value);
    setFeedback(undefined);
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void quickPostDraftItem.setValue(value), SAVE_DELAY_MS);
  };

  const post = async () => {
    if (busy || !ready) return;
    const body = text.trim();
    if (body === '') return setFeedback({ kind: 'error', text: t('popupPostEmpty') });
    if (body.length > MAX_BODY_LENGTH) {
      return setFeedback({ kind: 'error', text: t('popupPostTooLong', String(MAX_BODY_LENGTH)) });
    }
    const when = sendAt === null ? undefined : parseSendAt(sendAt, Date.now());
    if (when !== undefined && 'problem' in when) return setFeedback({ kind: 'error', text: t(when.problem) });
    setBusy(true);
    const reply = await sendMessage('enqueueWrite', {
      kind: 'post',
      body,
      ...(speaker ? { as: speaker.id } : {}),
      ...(when === undefined ? {} : { sendAt: when.sendAt }),
    });
    setBusy(false);
    if (!reply.ok) return setFeedback({ kind: 'error', text: errorText(reply.error) });
    clearTimeout(saveTimer.current);
    await quickPostDraftItem.setValue('');
    setText('');
    setSendAt(null);
    setFeedback({
      kind: 'ok',
      text: when === undefined ? t('popupQueued') : t('composeScheduled', whenWords(when.sendAt)),
    });
  };

  const length = text.trim().length;
  return (
    <form
      class="quick-post"
      onSubmit={(event) => {
        event.preventDefault();
        void post();
      }}
    >
      <label for="quick-post">{t('popupQuickPost')}</label>
      <AccountChooser id="quick-post-as" accounts={status?.accounts ?? []} speaker={speaker} onChoose={choose} />
      <textarea
        id="quick-post"
        rows={3}
        value={text}
        aria-describedby="quick-post-hint"
        onInput={(event) => change(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void post();
          }
        }}
      />
      <div class="quick-post-row">
        <span id="quick-post-hint" class={length > MAX_BODY_LENGTH ? 'hint over' : 'hint'}>
          {ready ? t('popupPostHint', [String(length), String(MAX_BODY_LENGTH)]) : t('popupPostNotReady')}
        </span>
        <SendAtField
          id="quick-post"
          value={sendAt}
          disabled={busy || !ready}
          onChange={(value) => {
            setSendAt(value);
            setFeedback(undefined);
          }}
        />
        <button type="submit" disabled={busy || !ready}>
          {sendAt === null ? t('popupPost') : t('composeSchedule')}
        </button>
      </div>
      <StatusLine error={feedback?.kind === 'error'}>{feedback?.text}</StatusLine>
    </form>
  );
}
