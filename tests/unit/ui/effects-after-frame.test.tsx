import { options, render } from 'preact';
import { useEffect } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectsAfterFrameTasks } from '@/lib/ui/effects-after-frame';

function Effect({ log }: { log: string[] }) {
  useEffect(() => {
    log.push('effect');
  }, []);
  return null;
}

describe('effectsAfterFrameTasks', () => {
  const before = options.requestAnimationFrame;
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    document.body.append(root);
    effectsAfterFrameTasks();
  });
  afterEach(() => {
    render(null, root);
    root.remove();
    options.requestAnimationFrame = before;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs effects after the tasks the frame queued for after it', async () => {
    const log: string[] = [];
    render(<Effect log={log} />, root);
    // Asked for after the render, as the page's own "after this frame" work is.
    requestAnimationFrame(() => setTimeout(() => log.push('task queued by the frame'), 0));
    await vi.waitFor(() => expect(log).toHaveLength(2));
    expect(log).toEqual(['task queued by the frame', 'effect']);
  });

  it('runs effects without a frame too (a hidden page draws none)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const log: string[] = [];
    render(<Effect log={log} />, root);
    vi.advanceTimersByTime(99);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(log).toEqual(['effect']);
  });
});
