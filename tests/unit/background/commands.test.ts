import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { listenForCommands } from '@/entrypoints/background/commands';
import { PanelCommand } from '@/lib/browser/panel-command';

type CommandListener = (command: string, tab?: { windowId?: number }) => void;

/** A browser event the test fires by hand. */
function fakeEvent() {
  const listeners: ((info: unknown) => void)[] = [];
  return {
    addListener: (listener: (info: unknown) => void) => listeners.push(listener),
    fire: (info: unknown) => {
      for (const listener of listeners) listener(info);
    },
  };
}

/** Lets pending promise callbacks (the start-up read, a close's answer) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keyboard command', () => {
  let press: CommandListener;
  const open = vi.fn(async (_options: { windowId?: number; tabId?: number }) => {});
  const close = vi.fn(async (_options: { windowId: number }) => {});
  let onOpened: ReturnType<typeof fakeEvent>;
  let onClosed: ReturnType<typeof fakeEvent>;
  const getContexts = vi.fn(async () => []);

  beforeEach(() => {
    open.mockClear();
    close.mockClear();
    getContexts.mockClear();
    onOpened = fakeEvent();
    onClosed = fakeEvent();
    Object.assign(browser.sidePanel, { open, close, onOpened, onClosed });
    Object.assign(browser.runtime, { getContexts });
    vi.spyOn(browser.commands.onCommand, 'addListener').mockImplementation(((fn: CommandListener) => {
      press = fn;
    }) as never);
  });

  afterEach(() => {
    Reflect.deleteProperty(browser, 'sidebarAction');
  });

  /** The background starting: it listens and reads which panels are open. */
  async function start(): Promise<void> {
    listenForCommands();
    await settle();
  }

  it('opens the side panel of its window, synchronously, when it is closed there', async () => {
    await start();
    press('open-side-panel', { windowId: 42 });
    // No await since the press: the browser call ran inside the command's user gesture.
    expect(open).toHaveBeenCalledWith({ windowId: 42 });
    expect(close).not.toHaveBeenCalled();
  });

  it('closes the panel after it opened in that window, and opens it again after it closed', async () => {
    await start();
    onOpened.fire({ windowId: 42, path: 'sidepanel.html' });
    press('open-side-panel', { windowId: 42 });
    expect(close).toHaveBeenCalledWith({ windowId: 42 });
    expect(open).not.toHaveBeenCalled();

    onClosed.fire({ windowId: 42, path: 'sidepanel.html' });
    press('open-side-panel', { windowId: 42 });
    expect(open).toHaveBeenCalledWith({ windowId: 42 });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('keeps windows apart', async () => {
    await start();
    onOpened.fire({ windowId: 1 });
    press('open-side-panel', { windowId: 2 });
    expect(open).toHaveBeenCalledWith({ windowId: 2 });
    expect(close).not.toHaveBeenCalled();
  });

  it('knows the panels that said where they are (their ports reconnect after the worker restarts)', async () => {
    const panel = new PanelCommand();
    listenForCommands(panel);
    panel.panelWindow(7, true);
    press('open-side-panel', { windowId: 7 });
    expect(close).toHaveBeenCalledWith({ windowId: 7 });
    // Its port closed (the panel went): the next press opens.
    panel.panelWindow(7, false);
    press('open-side-panel', { windowId: 7 });
    expect(open).toHaveBeenCalledWith({ windowId: 7 });
  });

  it('never asks runtime.getContexts: Chromium gives a side panel context no window', async () => {
    await start();
    expect(getContexts).not.toHaveBeenCalled();
  });

  it('forgets a window once closing it was answered, so a stale record costs one press', async () => {
    close.mockRejectedValueOnce(new Error('No side panel'));
    await start();
    onOpened.fire({ windowId: 3 });
    press('open-side-panel', { windowId: 3 });
    await settle();
    press('open-side-panel', { windowId: 3 });
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
  });

  it('ignores event payloads without a real window id', async () => {
    await start();
    onOpened.fire({ windowId: '5' });
    onOpened.fire({ windowId: -1 });
    onOpened.fire({ windowId: 1.5 });
    onOpened.fire(null);
    press('open-side-panel', { windowId: 5 });
    expect(close).not.toHaveBeenCalled();
  });

  it('only opens where the browser has no sidePanel.close (before Chrome 141)', async () => {
    Object.assign(browser.sidePanel, { close: undefined });
    await start();
    onOpened.fire({ windowId: 42 });
    press('open-side-panel', { windowId: 42 });
    expect(open).toHaveBeenCalledWith({ windowId: 42 });
  });

  it('only opens where the browser cannot say the panel closed (no onClosed: Chrome 141)', async () => {
    Object.assign(browser.sidePanel, { onClosed: undefined });
    await start();
    onOpened.fire({ windowId: 42 });
    press('open-side-panel', { windowId: 42 });
    expect(open).toHaveBeenCalledWith({ windowId: 42 });
    expect(close).not.toHaveBeenCalled();
  });

  it('leaves Firefox alone: no side panel calls, its sidebar opens as before', async () => {
    const sidebarOpen = vi.fn(async () => {});
    Object.assign(browser, { sidebarAction: { open: sidebarOpen } });
    await start();
    expect(getContexts).not.toHaveBeenCalled();
    onOpened.fire({ windowId: 42 });
    press('open-side-panel', { windowId: 42 });
    expect(sidebarOpen).toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('ignores other commands and commands without a window', async () => {
    await start();
    press('_execute_action', { windowId: 42 });
    press('open-side-panel', undefined);
    press('open-side-panel', {});
    expect(open).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
