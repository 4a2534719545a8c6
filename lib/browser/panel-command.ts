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

/** The windows the extension's side panel is open in now, as `runtime.getContexts` (Chrome 116) says. */
async function panelWindowsNow(): Promise<Set<number>> {
  const windows = new Set<number>();
  try {
    const contexts: unknown = await browser.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] });
    if (!Array.isArray(contexts)) return windows;
    for (const context of contexts) {
      const windowId = windowIdOf(context);
      if (windowId !== undefined && Reflect.get(context, 'contextType') === 'SIDE_PANEL') windows.add(windowId);
    }
  } catch {
    // No way to ask: the events alone say which panels are open.
  }
  return windows;
}

/** What the command did in its window. */
export type PanelCommandOutcome = 'opened' | 'closed';

/**
 * The keyboard command's rule in Chrome: it closes the side panel in its window if the panel is open
 * there, else opens it. Opening needs the command's user gesture, so the choice is made
 * synchronously from an in-memory record of the windows with an open panel: fed by the panel's
 * `onOpened` / `onClosed` events, and read from `runtime.getContexts` when the background starts
 * (a service worker restarts often, and loses the record). Where the browser cannot close the panel
 * or say when it closes, the command only opens it.
 */
export class PanelCommand {
  private readonly api = closingApi();
  /** Windows whose side panel is open, as the browser last told. */
  private readonly open = new Set<number>();
  /**
   * While the start-up read is out: the windows an event spoke of since it was asked (fresher than
   * its answer), and the windows the command was pressed in (it could only open: see `start`).
   */
  private starting: { heard: Set<number>; pressed: Set<number> } | undefined;

  /**
   * Listens to the panel's events and reads which panels are open. Called once, when the background
   * starts, before the command can arrive (the command that wakes the worker arrives right after).
   */
  async start(): Promise<void> {
    const api = this.api;
    if (api === undefined) return;
    const starting = { heard: new Set<number>(), pressed: new Set<number>() };
    this.starting = starting;
    api.onOpened.addListener((info) => this.heard(info, true));
    api.onClosed.addListener((info) => this.heard(info, false));
    const openAtStart = await panelWindowsNow();
    this.starting = undefined;
    for (const windowId of openAtStart) if (!starting.heard.has(windowId)) this.open.add(windowId);
    // The command that woke the worker came before the answer, so it opened. The browser answered in
    // order, so the answer is from before that: a panel open then was meant to close. (Closing
    // needs no user gesture; if the user closed the panel since, `open` no longer has the window.)
    for (const windowId of starting.pressed) {
      if (openAtStart.has(windowId) && this.open.has(windowId)) this.close(api, windowId);
    }
  }

  /** The command, pressed in `windowId`: synchronous up to the browser call (the gesture's rule). */
  command(windowId: number): PanelCommandOutcome {
    const api = this.api;
    if (api !== undefined && this.open.has(windowId)) {
      this.close(api, windowId);
      return 'closed';
    }
    this.starting?.pressed.add(windowId);
    void openSidePanel({ windowId });
    return 'opened';
  }

  private heard(info: unknown, open: boolean): void {
    const windowId = windowIdOf(info);
    if (windowId === undefined) return;
    this.starting?.heard.add(windowId);
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
