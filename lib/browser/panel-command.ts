import { browser } from 'wxt/browser';
import { openSidePanel, sidebarAction } from './side-panel';

/** A side panel event as this file uses it: its payload is checked, not trusted. */
interface PanelEvent {
  addListener(listener: (info: unknown) => void): void;
}

/** The side panel calls that let the command close the panel as well as open it. */
interface ClosingApi {
  close(options: { windowId: number }): Promise<void>;
  onOpened: PanelEvent;
  onClosed: PanelEvent;
}

function isEvent(value: unknown): value is PanelEvent {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'addListener') === 'function';
}

/**
 * Chrome's `sidePanel.close` (Chrome 141) with both `onOpened` (141) and `onClosed` (142): without
 * the events the panel's state is unknown (the user closes it with its own button), so an older
 * Chrome, or Firefox (whose sidebar command the browser toggles itself), gets undefined.
 */
function closingApi(): ClosingApi | undefined {
  if (sidebarAction() !== undefined) return undefined;
  const api: unknown = Reflect.get(browser, 'sidePanel');
  if (typeof api !== 'object' || api === null) return undefined;
  const complete =
    typeof Reflect.get(api, 'close') === 'function' &&
    isEvent(Reflect.get(api, 'onOpened')) &&
    isEvent(Reflect.get(api, 'onClosed'));
  return complete ? (api as ClosingApi) : undefined;
}

/** A real window's id (Chrome's are non-negative; -1 and -2 mean none and current), else undefined. */
function windowIdOf(info: unknown): number | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  const windowId: unknown = Reflect.get(info, 'windowId');
  return typeof windowId === 'number' && Number.isSafeInteger(windowId) && windowId >= 0 ? windowId : undefined;
}

/** What the command did in its window. */
export type PanelCommandOutcome = 'opened' | 'closed';

/**
 * The keyboard command's rule in Chrome: it closes the side panel in its window if the panel is open
 * there, else opens it. Opening needs the command's user gesture, so the choice is made
 * synchronously from an in-memory record of the windows with an open panel: fed by the panel's
 * `onOpened` / `onClosed` events, and by the panels themselves — each says over its state port which
 * window shows it, and its port closes with it. A service worker restarts often and loses the record;
 * a panel's port reconnects half a second after the worker went, so the record is whole again before
 * a user can reach the keys. (`runtime.getContexts` cannot say it: Chromium gives a side panel's
 * context no window, `windowId: -1`.) Where the browser cannot close the panel or say when it
 * closes, the command only opens it.
 */
export class PanelCommand {
  private readonly api = closingApi();
  /** Windows whose side panel is open, as the browser or the panel last told. */
  private readonly open = new Set<number>();

  /** Listens to the panel's events. Called once, when the background starts. */
  start(): void {
    const api = this.api;
    if (api === undefined) return;
    api.onOpened.addListener((info) => this.heard(info, true));
    api.onClosed.addListener((info) => this.heard(info, false));
  }

  /** A panel said it is shown in `windowId` (`open`), or its port closed. */
  panelWindow(windowId: number, open: boolean): void {
    this.heard({ windowId }, open);
  }

  /** The command, pressed in `windowId`: synchronous up to the browser call (the gesture's rule). */
  command(windowId: number): PanelCommandOutcome {
    const api = this.api;
    if (api !== undefined && this.open.has(windowId)) {
      this.close(api, windowId);
      return 'closed';
    }
    void openSidePanel({ windowId });
    return 'opened';
  }

  private heard(info: unknown, open: boolean): void {
    const windowId = windowIdOf(info);
    if (windowId === undefined) return;
    if (open) this.open.add(windowId);
    else this.open.delete(windowId);
  }

  /**
   * Closes the panel in `windowId`. Closed or refused, the window leaves the record (`onClosed` also
   * says so), so a record gone stale costs one press, never a command stuck on closing.
   */
  private close(api: ClosingApi, windowId: number): void {
    const forget = (): void => {
      this.open.delete(windowId);
    };
    api.close({ windowId }).then(forget, forget);
  }
}
