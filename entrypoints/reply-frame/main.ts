import './reply-frame.css';
import { markDocumentLanguage, t } from '@/lib/i18n';
import { errorWords } from '@/lib/links/refusal-words';
import { isHandshake, type ReplyFrameSays, readReplyFrameParams } from '@/lib/links/reply-frame';
import { MAX_BODY_LENGTH } from '@/lib/messages/limits';
import { sendLite } from '@/lib/messages/send-lite';

/**
 * The inline reply composer: an extension page the bar opens in a frame, so the page around the
 * bar can neither read what the user types nor change what is sent (its script cannot reach into
 * another origin's document, and key and pointer events here never reach its listeners). It sends
 * the reply itself, and tells the bar only that it was sent (with its state), closed, resized or
 * unloaded, over a channel the page has no end of (lib/links/reply-frame.ts).
 *
 * The page may frame this address itself, but gains nothing: the text is the user's own, typed
 * here, and without the secret id nothing it posts is listened to.
 */
const params = readReplyFrameParams(location.search);
const form = document.getElementById('composer') as HTMLFormElement;
const textarea = document.getElementById('body') as HTMLTextAreaElement;
const note = document.getElementById('note') as HTMLParagraphElement;
const send = document.getElementById('send') as HTMLButtonElement;
const cancel = document.getElementById('cancel') as HTMLButtonElement;

markDocumentLanguage();
document.documentElement.dataset.scheme = params?.scheme ?? 'light';
(document.getElementById('heading') as HTMLElement).textContent = t('barReplyLabel');
textarea.setAttribute('aria-label', t('barReplyLabel'));
textarea.maxLength = MAX_BODY_LENGTH;
(document.getElementById('keys') as HTMLElement).textContent = /Mac|iPhone|iPad/.test(navigator.platform)
  ? t('barHintMac')
  : t('barHint');
(document.getElementById('privacy') as HTMLElement).textContent = t('barPrivacy');
send.textContent = t('barSend');
cancel.textContent = t('barCancel');

/** The bar's end of the channel, once its handshake came (see lib/links/reply-frame.ts). */
let port: MessagePort | undefined;
/** What the frame said before the bar's channel came (its size, first of all). */
let early: ReplyFrameSays[] = [];

/** Tells the bar, over the channel only: the page around it sees nothing. */
function tell(said: ReplyFrameSays): void {
  if (port === undefined) early.push(said);
  else port.postMessage(said);
}

addEventListener('message', (event) => {
  if (port !== undefined || params === undefined || !isHandshake(event.data, params.id)) return;
  const [given] = event.ports;
  if (given === undefined) return;
  port = given;
  port.postMessage({ event: 'ready' } satisfies ReplyFrameSays);
  for (const said of early) port.postMessage(said);
  early = [];
});
// The page navigated this frame away (to a look-alike?): the bar takes it out at once.
addEventListener('pagehide', () => tell({ event: 'gone' }));

function say(text: string): void {
  note.textContent = text;
}

let busy = false;
async function submit(): Promise<void> {
  if (params === undefined) return say(t('barUnavailable'));
  const body = textarea.value.trim();
  if (body === '') return say(t('barEmpty'));
  if (body.length > MAX_BODY_LENGTH) return say(t('barTooLong', String(MAX_BODY_LENGTH)));
  if (busy) return;
  busy = true;
  send.disabled = true;
  const reply = await sendLite('replyToPost', { postId: params.post, body, site: params.site });
  busy = false;
  send.disabled = false;
  if (!reply.ok) return say(errorWords(reply.error, t));
  textarea.value = '';
  say('');
  whenKeysReleased(() => tell({ event: 'sent', status: reply.data.status }));
}

/**
 * The keys the user holds down here. Closing the frame while Ctrl+Enter or Escape is still held
 * would hand their key-ups to the page (focus goes back to it): the frame waits until they are
 * released, or until it loses focus.
 */
const held = new Set<string>();
let afterRelease: (() => void) | undefined;
function whenKeysReleased(action: () => void): void {
  if (held.size === 0) action();
  else afterRelease = action;
}
function released(): void {
  if (held.size > 0 || afterRelease === undefined) return;
  const action = afterRelease;
  afterRelease = undefined;
  action();
}
addEventListener('keydown', (event) => held.add(event.code || event.key), true);
addEventListener(
  'keyup',
  (event) => {
    held.delete(event.code || event.key);
    released();
  },
  true,
);
addEventListener('blur', () => {
  held.clear();
  released();
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void submit();
});
cancel.addEventListener('click', () => tell({ event: 'close' }));
textarea.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    void submit();
  }
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') {
    event.preventDefault();
    whenKeysReleased(() => tell({ event: 'close' }));
  }
});
// The bar focuses this frame when it opens it: the caret goes to the text box.
addEventListener('focus', () => {
  if (document.activeElement === document.body || document.activeElement === null) textarea.focus();
});
textarea.focus();
// The frame is as tall as its content (a long hint in another language wraps).
new ResizeObserver(() => tell({ event: 'size', height: Math.ceil(form.getBoundingClientRect().height) })).observe(form);
if (params === undefined) say(t('barUnavailable'));
