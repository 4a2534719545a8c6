import { errorWords } from '@/lib/links/refusal-words';
import type { Scheme } from '@/lib/links/scheme';
import { isHeld, type PostStateView, withMyWrite } from '@/lib/messages/post-writes';
import { sendLite } from '@/lib/messages/send-lite';
import { type BarEnv, type BarParts, partsOf, REPLY } from './bar-env';
import { drawBar } from './bar-view';
import { ReplyFrame } from './reply-frame';
import { t } from './say';
import { isUserClick } from './trusted';

/**
 * One inline bar: a `span` host (a built-in element: a page cannot define it as a custom element
 * and reach the root through `attachInternals`) with a closed shadow root holding one button per
 * reaction kind, "Reply" and its composer, and a status line. Writes start only from the user's own
 * trusted, visible clicks and key presses (see trusted.ts).
 *
 * A bar is drawn only while it is near the viewport (`draw`); elsewhere it rests (`rest`): an
 * empty inline host as wide as a drawn bar at rest, so the page's lines are laid out the same
 * either way, and the page has one box to carry instead of a dozen (see bars.ts). The shadow root
 * is attached when the bar is first drawn; until then the host rests by its own `style`.
 */
export class InlineBar {
  readonly host = document.createElement('span');
  /** Attached when the bar is first drawn: a host that was never near the viewport has none. */
  private root: ShadowRoot | undefined;
  private parts: BarParts | undefined;
  private scheme: Scheme;
  private unwatch: () => void = () => undefined;
  private state: PostStateView | undefined;
  /** What the user last did here (a kind, or 'reply'): the status line speaks about it. */
  private lastAction: string | undefined;
  private note: { text: string; bad: boolean } | undefined;
  private busy = false;
  /** The reply composer's frame, while it is open. */
  private frame: ReplyFrame | undefined;

  constructor(
    readonly link: HTMLAnchorElement,
    private postId: string,
    private readonly env: BarEnv,
    scheme: Scheme,
  ) {
    this.scheme = scheme;
    this.host.setAttribute('style', env.restingStyle());
  }

  /** The bar's closed shadow root, attached on first use; undefined if the page took the host's first. */
  private rootOf(): ShadowRoot | undefined {
    if (this.root !== undefined) return this.root;
    let root: ShadowRoot;
    try {
      root = this.host.attachShadow({ mode: 'closed' });
    } catch {
      return undefined; // The page attached a root of its own to our host: that bar stays empty.
    }
    this.host.removeAttribute('style');
    root.addEventListener('click', (event) => this.onClick(event, root));
    // Where the pointer rests: a click counts only after it rested on the bar, unmoved (trusted.ts).
    root.addEventListener('pointerover', (event) => this.env.sightings.pointer(this.host, true, event.timeStamp));
    root.addEventListener('pointerout', (event) => {
      const to = (event as PointerEvent).relatedTarget;
      if (!(to instanceof Node && root.contains(to))) this.env.sightings.pointer(this.host, false, event.timeStamp);
    });
    // Keys typed here must not reach the page's own shortcuts (they bubble out of the shadow root).
    for (const type of ['keydown', 'keyup', 'keypress'] as const) {
      root.addEventListener(type, (event) => event.stopPropagation());
    }
    // Ctrl+Enter sends from the composer; on a button (Esc leaves the focus on Reply) it does
    // nothing: Firefox would take it as a press and open the composer just closed, Chromium does not.
    root.addEventListener('keydown', (event) => {
      const { key, ctrlKey, metaKey } = event as KeyboardEvent;
      if (key === 'Enter' && (ctrlKey || metaKey)) event.preventDefault();
    });
    this.root = root;
    return root;
  }

  get drawn(): boolean {
    return this.parts !== undefined;
  }

  /** Draws the bar (its buttons, its post's state). */
  draw(): void {
    const root = this.parts === undefined ? this.rootOf() : undefined;
    if (root === undefined) return;
    this.env.style(root, 'drawn');
    root.append(this.env.template.cloneNode(true));
    const parts = partsOf(root);
    parts.wrap.dataset.scheme = this.scheme;
    this.parts = parts;
    this.env.sightings.watch(this.host);
    this.watch();
    this.env.states.request(this.postId);
    this.render();
  }

  /**
   * Whether the bar shows nothing of its own: no state, no note, composer closed, no focus, no
   * write under way. Only such a bar may rest: it is exactly as wide as the resting host.
   */
  get pristine(): boolean {
    const parts = this.parts;
    if (parts === undefined) return true;
    if (this.busy || this.root?.activeElement || !parts.composer.hidden) return false;
    if (parts.status.textContent !== '') return false;
    for (const button of parts.reactButtons.values()) if (button.lastElementChild?.textContent) return false;
    return true;
  }

  /** Takes the drawn bar down to its resting host (only when pristine). */
  rest(): void {
    if (this.parts === undefined || !this.pristine) return;
    this.stopWatching();
    this.env.sightings.forget(this.host);
    this.parts = undefined;
    this.root?.replaceChildren();
    if (this.root !== undefined) this.env.style(this.root, 'resting');
  }

  /** The link now points to another post (a recycled row): start over for that one. */
  setPostId(postId: string): void {
    if (postId === this.postId) return;
    this.postId = postId;
    this.state = undefined;
    this.lastAction = undefined;
    this.note = undefined;
    if (this.parts === undefined) return;
    this.unwatch();
    this.closeComposer(false);
    this.watch();
    this.env.states.request(postId);
    this.render();
  }

  setScheme(scheme: Scheme): void {
    this.scheme = scheme;
    if (this.parts !== undefined) this.parts.wrap.dataset.scheme = scheme;
  }

  /** Takes the bar out of the page for good. */
  remove(): void {
    this.closeComposer(false);
    this.stopWatching();
    this.env.sightings.forget(this.host);
    this.host.remove();
  }

  /** No more state updates for this bar, and no countdown. */
  private stopWatching(): void {
    this.unwatch();
    this.unwatch = () => undefined;
    this.env.ticking(this, false);
  }

  /** Re-draws the countdown. */
  tick(): void {
    this.render();
  }

  private watch(): void {
    this.unwatch = this.env.states.watch(this.postId, (state) => {
      this.state = state;
      this.render();
    });
  }

  private onClick(event: Event, root: ShadowRoot): void {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button === null || !(event instanceof MouseEvent)) return;
    if (!isUserClick(event, this.host, root, button, this.env.sightings)) {
      if (event.isTrusted) this.say(t('barNotShown'), true);
      return;
    }
    switch (button.dataset.action) {
      case 'react':
        // A pointer click the browser cannot prove seen (no IntersectionObserver v2) waits out an Undo window.
        void this.react(button.dataset.kind ?? '', !this.env.sightings.certain && event.detail !== 0);
        break;
      case 'undo':
        void this.undo();
        break;
      case 'toggle-reply':
        if (this.parts?.composer.hidden) this.openComposer();
        else this.closeComposer(true);
        break;
    }
  }

  /**
   * Opens the reply composer: an extension page in a frame (reply-frame.ts), shown once it has
   * answered over its private channel. The user types there; the page cannot read it.
   */
  private openComposer(): void {
    const parts = this.parts;
    if (parts === undefined || this.frame !== undefined || !this.linkStillMatches()) return;
    const postId = this.postId;
    this.note = undefined;
    const heard = this.env.states.heard(postId);
    this.frame = new ReplyFrame(postId, this.scheme, {
      sent: (status) => {
        if (postId !== this.postId) return;
        this.lastAction = REPLY;
        this.closeComposer(true);
        this.applyAck(heard, { reply: { status } });
      },
      close: () => this.closeComposer(true),
      replaced: () => {
        this.closeComposer(true);
        this.say(t('barFrameReplaced'), true);
      },
    });
    parts.composer.replaceChildren(this.frame.element);
    parts.wrap.classList.add('open');
    parts.composer.hidden = false;
    parts.replyButton.setAttribute('aria-expanded', 'true');
  }

  private closeComposer(returnFocus: boolean): void {
    const parts = this.parts;
    this.frame?.close();
    this.frame = undefined;
    if (parts === undefined) return;
    parts.composer.replaceChildren();
    parts.wrap.classList.remove('open');
    parts.composer.hidden = true;
    parts.replyButton.setAttribute('aria-expanded', 'false');
    if (returnFocus) parts.replyButton.focus();
  }

  /** False (and says so) when the link no longer points to this bar's post. */
  private linkStillMatches(): boolean {
    if (!this.link.isConnected || this.env.match(this.link.href) === this.postId) return true;
    this.say(t('barLinkChanged'), true);
    return false;
  }

  private async react(kind: string, hold: boolean): Promise<void> {
    if (this.busy || !this.parts?.reactButtons.has(kind) || !this.linkStillMatches()) return;
    this.busy = true;
    this.lastAction = kind;
    const postId = this.postId;
    const heard = this.env.states.heard(postId);
    const reply = await sendLite('reactToPost', { postId, reaction: kind, ...(hold ? { hold } : {}) });
    this.busy = false;
    if (postId !== this.postId) return;
    if (!reply.ok) return this.say(errorWords(reply.error, t), true);
    this.note = undefined;
    const { status, heldUntil } = reply.data;
    this.applyAck(heard, { kind, status, ...(heldUntil ? { heldUntil } : {}) });
  }

  /** Undo of the last reaction while it is held: nothing is sent. */
  private async undo(): Promise<void> {
    const kind = this.lastAction;
    if (this.busy || kind === undefined || kind === REPLY) return;
    this.busy = true;
    const postId = this.postId;
    const reply = await sendLite('undoReaction', { postId, reaction: kind });
    this.busy = false;
    if (postId !== this.postId) return;
    if (!reply.ok) return this.say(errorWords(reply.error, t), true);
    if (this.state !== undefined) {
      const reactions = this.state.reactions.filter(
        (reaction) => reaction.kind !== kind || !isHeld(reaction, Date.now()),
      );
      this.state = { ...this.state, reactions };
    }
    this.say(t('barUndone', this.labelOf(kind)), false);
    this.env.states.follow(postId);
  }

  private labelOf(what: string): string {
    return what === REPLY ? t('barReply') : (this.env.kinds.find((k) => k.value === what)?.label ?? what);
  }

  /** Draws an acknowledged write unless news of its post came since it was asked (`heard`); follows the post. */
  private applyAck(heard: number, write: Parameters<typeof withMyWrite>[2]): void {
    if (this.env.states.heard(this.postId) === heard) this.state = withMyWrite(this.state, this.postId, write);
    this.render();
    this.env.states.follow(this.postId);
  }

  private say(text: string, bad: boolean): void {
    this.note = { text, bad };
    this.render();
  }

  private render(): void {
    const parts = this.parts;
    if (parts === undefined) return;
    const { counting } = drawBar(parts, {
      state: this.state,
      lastAction: this.lastAction,
      note: this.note,
      labelOf: (what) => this.labelOf(what),
      now: Date.now(),
    });
    this.env.ticking(this, counting);
  }
}
