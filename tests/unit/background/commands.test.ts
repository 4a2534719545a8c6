import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { listenForCommands } from '@/entrypoints/background/commands';

const openSidePanel = vi.hoisted(() => vi.fn(async () => true));
vi.mock('@/lib/browser/side-panel', async (original) => ({
  ...(await original<typeof import('@/lib/browser/side-panel')>()),
  openSidePanel,
}));

type CommandListener = (command: string, tab?: { windowId?: number }) => void;

describe('keyboard command', () => {
  let listener: CommandListener | undefined;
  beforeEach(() => {
    openSidePanel.mockClear();
    listener = undefined;
    vi.spyOn(browser.commands.onCommand, 'addListener').mockImplementation(((fn: CommandListener) => {
      listener = fn;
    }) as never);
  });

  it('opens the side panel of the window the command came from', () => {
    listenForCommands();
    expect(listener).toBeTypeOf('function');
    listener?.('open-side-panel', { windowId: 42 });
    expect(openSidePanel).toHaveBeenCalledWith({ windowId: 42 });
  });

  it('ignores other commands and commands without a window', () => {
    listenForCommands();
    expect(listener).toBeTypeOf('function');
    listener?.('_execute_action', { windowId: 42 });
    listener?.('open-side-panel', undefined);
    expect(openSidePanel).not.toHaveBeenCalled();
  });
});
