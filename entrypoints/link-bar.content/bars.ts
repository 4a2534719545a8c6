import type { LinkHandoff } from '@/lib/links/handoff';
import type { FoundLink } from '@/lib/links/scanner';
import { pageScheme, type Scheme } from '@/lib/links/scheme';
import { type BarEnv, InlineBar } from './inline-bar';
import { PostStates } from './post-states';

/** What the page looks like now: one style read per call (at start and when the user's scheme changes). */
function currentScheme(dark: MediaQueryList): Scheme {
  const style = (element: Element | null) => (element === null ? undefined : getComputedStyle(element));
  const body = style(document.body);
  const root = style(document.documentElement);
  return pageScheme({
    bodyBackground: body?.backgroundColor,
    rootBackground: root?.backgroundColor,
    colorScheme: root?.colorScheme,
    prefersDark: dark.matches,
  });
}

/**
 * Puts a bar after every post link the finder reports, keeps it pointed at the link's post as the
 * page changes, and removes every bar when the script stops. All DOM writes for a batch of finds
 * happen together, after the finder's reads; nothing here reads layout in a loop.
 */
export class Bars {
  private readonly bars = new WeakMap<HTMLAnchorElement, InlineBar>();
  /** Live bars, for the scheme switch and the clean-up (pruned of bars the page removed). */
  private readonly live = new Set<InlineBar>();
  private pruneAt = 256;
  private readonly ticking = new Set<InlineBar>();
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private readonly states: PostStates;
  private readonly env: BarEnv;
  private readonly visible: IntersectionObserver;
  private readonly byHost = new WeakMap<Element, InlineBar>();
  private scheme: Scheme;

  constructor(
    handoff: LinkHandoff,
    private readonly signal: AbortSignal,
  ) {
    this.states = new PostStates(signal);
    const dark = matchMedia('(prefers-color-scheme: dark)');
    this.scheme = currentScheme(dark);
    dark.addEventListener(
      'change',
      () => {
        this.scheme = currentScheme(dark);
        for (const bar of this.live) bar.setScheme(this.scheme);
      },
      { signal },
    );
    this.env = {
      kinds: handoff.config.reactionKinds,
      states: this.states,
      match: (href) => handoff.match(href),
      ticking: (bar, on) => this.setTicking(bar, on),
      isMac: /Mac|iPhone|iPad/.test(navigator.platform),
    };
    // A bar's state is asked for when it first comes into view, not for every link on a long page.
    this.visible = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        this.visible.unobserve(entry.target);
        const bar = this.byHost.get(entry.target);
        if (bar !== undefined) this.states.request(bar.post);
      }
    });
    signal.addEventListener('abort', () => this.removeAll(), { once: true });
  }

  /** Handles one batch of finds: new bars, re-pointed bars, bars whose link is no longer a post link. */
  apply(found: FoundLink[]): void {
    if (this.signal.aborted) return;
    for (const { link, postId } of found) {
      const bar = this.bars.get(link);
      if (bar !== undefined && postId === null) {
        bar.remove();
        this.bars.delete(link);
        this.live.delete(bar);
      } else if (bar !== undefined && postId !== null) {
        bar.setPostId(postId);
        this.states.request(postId);
      } else if (postId !== null && link.isConnected) {
        const created = new InlineBar(link, postId, this.env, this.scheme);
        link.after(created.host);
        this.bars.set(link, created);
        this.byHost.set(created.host, created);
        this.live.add(created);
        this.visible.observe(created.host);
      }
    }
    if (this.live.size > this.pruneAt) this.prune();
  }

  private prune(): void {
    for (const bar of this.live) {
      if (!bar.host.isConnected) {
        bar.remove();
        this.live.delete(bar);
      }
    }
    this.pruneAt = Math.max(256, this.live.size * 2);
  }

  private setTicking(bar: InlineBar, on: boolean): void {
    if (on) this.ticking.add(bar);
    else this.ticking.delete(bar);
    if (this.ticking.size > 0 && this.tickTimer === undefined) {
      this.tickTimer = setInterval(() => {
        for (const ticking of this.ticking) ticking.tick();
      }, 1000);
    } else if (this.ticking.size === 0 && this.tickTimer !== undefined) {
      clearInterval(this.tickTimer);
      this.tickTimer = undefined;
    }
  }

  private removeAll(): void {
    this.visible.disconnect();
    for (const bar of this.live) bar.remove();
    this.live.clear();
    clearInterval(this.tickTimer);
    this.tickTimer = undefined;
  }
}
