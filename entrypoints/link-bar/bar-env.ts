import type { PostStates } from './post-states';
import type { BarLook } from './template';
import type { Sightings } from './trusted';

/** A bar that shows a countdown: told every second to draw it again. */
export interface TickingBar {
  tick(): void;
}

/** What every bar shares. */
export interface BarEnv {
  kinds: { value: string; label: string }[];
  states: PostStates;
  /** The finder's matcher: the link is checked again before each write. */
  match(href: string): string | null;
  /** Calls `tick` every second while the bar shows a countdown. */
  ticking(bar: TickingBar, on: boolean): void;
  /** Whether bars were seen before a click counts (trusted.ts). */
  sightings: Sightings;
  /** The markup each bar clones (template.ts). */
  template: DocumentFragment;
  /** Gives a bar's shadow root the style sheet of a look (template.ts). */
  style(root: ShadowRoot, look: BarLook): void;
  /** The `style` of a host resting without a shadow root (template.ts). */
  restingStyle(): string;
}

/** What `lastAction` holds after a reply (reaction kinds are words of `[a-z0-9_]`, never this). */
export const REPLY = 'reply';

/** A bar's parts, present only while it is drawn. */
export interface BarParts {
  wrap: HTMLSpanElement;
  status: HTMLSpanElement;
  composer: HTMLSpanElement;
  replyButton: HTMLButtonElement;
  undoButton: HTMLButtonElement;
  reactButtons: Map<string, HTMLButtonElement>;
}

/** The parts of a bar just cloned from the template into `root` (template.ts). */
export function partsOf(root: ShadowRoot): BarParts {
  const find = <E extends Element>(selector: string) => root.querySelector(selector) as E;
  const parts: BarParts = {
    wrap: find('.wrap'),
    status: find('.status'),
    composer: find('.composer'),
    replyButton: find('[data-action="toggle-reply"]'),
    undoButton: find('[data-action="undo"]'),
    reactButtons: new Map(),
  };
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-kind]')) {
    parts.reactButtons.set(button.dataset.kind ?? '', button);
  }
  return parts;
}
