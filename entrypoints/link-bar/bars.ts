import type { LinkHandoff } from '@/lib/links/handoff';
import { browserIdle } from '@/lib/links/idle';
import type { FoundLink } from '@/lib/links/scanner';
import { pageScheme, type Scheme } from '@/lib/links/scheme';
import type { BarEnv, TickingBar } from './bar-env';
import { InlineBar } from './inline-bar';
import { measureBarWidth } from './measure';
import { PostStates } from './post-states';
import { Sweeper } from './sweeper';
import { type BarStyler, barStyler, barTemplate } from './template';
import { Sightings } from './trusted';

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

/** Bars built per pass at least, however short the idle period: fewer, bigger batches mean fewer re-layouts. */
const MIN_BUILDS_PER_PASS = 40;
/** At most this many per pass, so one pass stays well under a long task. */
const MAX_BUILDS_PER_PASS = 120;
/** Up to this many found at once are placed at once (drawn by the next sweep). */
const BUILD_AT_ONCE = 30;

/**
 * Puts a bar after every post link the finder reports, keeps it pointed at the link's post as the
 * page changes, and removes every bar when the script stops. Bars are built in idle time, in few
 * big batches: every insertion into a long page re-lays out and re-paints what follows it, so the
 * cost is in the number of batches far more than in their size.
 *
 * Only bars near the viewport are drawn; the others rest as empty hosts of the same width, so
 * the page's frames carry one plain inline per post link instead of a dozen boxes (a page that
 * re-lays out often pays for every box in every frame). Which are near is the sweeper's call
 * (sweeper.ts), after the page scrolls, resizes or grows, and after bars are built.
 */
export class Bars {
  private readonly bars = new WeakMap<HTMLAnchorElement, InlineBar>();
  /** Which bars are drawn (near the viewport) and which rest. */
  private readonly sweeper: Sweeper<InlineBar>;
  /** Found post links whose bar is not built yet, with their post, in the order they were found. */
  private readonly pending = new Map<HTMLAnchorElement, string>();
  /** Live bars, for the scheme switch and the clean-up (the sweeper tells of those the page removed). */
  private readonly live = new Set<InlineBar>();
  private readonly ticking = new Set<TickingBar>();
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private readonly states: PostStates;
  private readonly env: BarEnv;
  private cancelBuild: (() => void) | undefined;
  private readonly styler: BarStyler = barStyler();
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
      sightings: new Sightings(),
      template: barTemplate(handoff.config.reactionKinds, handoff.config.speaker),
      style: (root, look) => this.styler.style(root, look),
      restingStyle: () => this.styler.restingStyle(),
    };
    this.sweeper = new Sweeper<InlineBar>({
      signal,
      onRestingWidth: (width) => this.styler.setRestingWidth(width),
      onGone: (bar) => this.forget(bar),
    });
    // The width resting bars take, known before the first is placed: then none is drawn only to be rested.
    this.sweeper.measuredWidth(measureBarWidth(this.env));
    const moved = () => this.sweeper.request();
    // Capture: scrolls of any scrolling box in the page, not only the document's.
    addEventListener('scroll', moved, { capture: true, passive: true, signal });
    addEventListener('resize', moved, { passive: true, signal });
    // The page grew or shrank (content above may have moved bars into view or out of it).
    const grown = new ResizeObserver(moved);
    grown.observe(document.documentElement);
    signal.addEventListener('abort', () => grown.disconnect(), { once: true });
    signal.addEventListener('abort', () => this.removeAll(), { once: true });
  }

  /** Handles one batch of finds: bars to build, re-pointed bars, links that are no longer post links. */
  apply(found: FoundLink[]): void {
    if (this.signal.aborted) return;
    for (const { link, postId } of found) {
      const bar = this.bars.get(link);
      if (postId === null) {
        if (bar !== undefined) this.forget(bar);
        else this.pending.delete(link);
      } else if (bar !== undefined) {
        bar.setPostId(postId);
      } else {
        this.pending.set(link, postId);
      }
    }
    // A few bars (a feed's new items) at once, in the same layout as the page's own change; many in idle time.
    if (this.pending.size <= BUILD_AT_ONCE && this.cancelBuild === undefined) {
      const batch = [...this.pending];
      this.pending.clear();
      for (const [link, postId] of batch) this.build(link, postId);
    } else this.scheduleBuild();
  }

  private scheduleBuild(): void {
    if (this.cancelBuild !== undefined || this.pending.size === 0 || this.signal.aborted) return;
    this.cancelBuild = browserIdle((deadline) => {
      this.cancelBuild = undefined;
      let built = 0;
      for (const [link, postId] of this.pending) {
        if (built >= MAX_BUILDS_PER_PASS || (built >= MIN_BUILDS_PER_PASS && deadline.timeRemaining() <= 2)) break;
        this.pending.delete(link);
        if (this.build(link, postId)) built += 1;
      }
      this.scheduleBuild();
    }, 200);
  }

  /**
   * Builds the bar of a found link; false when there was nothing to build. The bar takes its place
   * at once, resting (as wide as when drawn), and the next sweep draws it if it is near: in idle
   * time, so its buttons are laid out in a frame of their own, not in the frame of the page's own
   * change (a feed that adds items ten times a second has no frame to spare).
   */
  private build(link: HTMLAnchorElement, postId: string): boolean {
    if (!link.isConnected || this.bars.has(link)) return false;
    const bar = new InlineBar(link, postId, this.env, this.scheme);
    // Until a drawn bar has been measured no bar can rest: draw it (the first sweep lets the far ones rest).
    if (!this.sweeper.measured) bar.draw();
    link.after(bar.host);
    this.bars.set(link, bar);
    this.live.add(bar);
    this.sweeper.add(bar);
    return true;
  }

  /** Takes a bar out for good (its link is no longer a post link, or the page removed it). */
  private forget(bar: InlineBar): void {
    bar.remove();
    this.bars.delete(bar.link);
    this.live.delete(bar);
  }

  private setTicking(bar: TickingBar, on: boolean): void {
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
    this.cancelBuild?.();
    this.pending.clear();
    for (const bar of this.live) bar.remove();
    this.live.clear();
    clearInterval(this.tickTimer);
    this.tickTimer = undefined;
  }
}
