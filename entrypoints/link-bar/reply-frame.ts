import { browser } from 'wxt/browser';
import { REPLY_FRAME_PATH, readReplyFrameSays, replyFrameSearch } from '@/lib/links/reply-frame';
import type { Scheme } from '@/lib/links/scheme';
import type { WriteStatus } from '@/lib/messages/post-writes';
import { t } from './say';

/** What the composer's frame makes its bar do. */
export interface ReplyFrameHooks {
  /** The reply was accepted by the Outbox, in this state. */
  sent(status: WriteStatus): void;
  /** The user closed the composer (Esc, Cancel). */
  close(): void;
  /** The frame was navigated away (by the page) or never answered: it is gone. */
  replaced(): void;
}

/** The frame's height follows its content, within these bounds (px). */
const MIN_HEIGHT = 48;
const MAX_HEIGHT = 480;
/** A frame that has not answered by then is given up (a page's policy may have blocked it). */
const READY_WITHIN_MS = 10_000;

function secretId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The reply composer of one bar: our extension page in an iframe inside the bar's closed root
 * (lib/links/reply-frame.ts has the contract and why). Hidden until it answers over the channel
 * the bar gives it; taken out if it loads a second time or says it is unloading (the page navigated
 * it). Only its state, size and the user's close come back; never the text.
 */
export class ReplyFrame {
  readonly element = document.createElement('iframe');
  private readonly channel = new MessageChannel();
  private loads = 0;
  private ready = false;
  private closed = false;
  private readonly giveUp: ReturnType<typeof setTimeout>;

  constructor(postId: string, scheme: Scheme, hooks: ReplyFrameHooks) {
    const id = secretId();
    const page = browser.runtime.getURL(REPLY_FRAME_PATH);
    const extensionOrigin = /^[a-z-]+:\/\/[^/]+/.exec(page)?.[0] ?? '';
    const frame = this.element;
    frame.title = t('barReplyLabel');
    frame.dataset.scheme = scheme;
    frame.src = `${page}?${replyFrameSearch({ post: postId, site: location.origin, scheme, id })}`;
    const gone = () => {
      if (this.closed) return;
      this.close();
      hooks.replaced();
    };
    this.giveUp = setTimeout(() => this.ready || gone(), READY_WITHIN_MS);
    this.channel.port1.onmessage = (event) => {
      const said = readReplyFrameSays(event.data);
      if (said === undefined || this.closed) return;
      if (said.event === 'ready') {
        this.ready = true;
        frame.dataset.ready = '';
        // The frame usually took focus as it loaded; focusing it again would drop keys typed meanwhile.
        if ((frame.getRootNode() as ShadowRoot | Document).activeElement !== frame) frame.focus();
      } else if (said.event === 'size') {
        frame.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(said.height)))}px`;
      } else if (said.event === 'sent') hooks.sent(said.status);
      else if (said.event === 'close') hooks.close();
      else gone();
    };
    frame.addEventListener('load', () => {
      this.loads += 1;
      // Loaded again: something navigated it. Ours loads once.
      if (this.loads > 1) return gone();
      frame.contentWindow?.postMessage({ dcReplyFrame: id }, extensionOrigin, [this.channel.port2]);
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.giveUp);
    this.channel.port1.close();
    this.element.remove();
  }
}
