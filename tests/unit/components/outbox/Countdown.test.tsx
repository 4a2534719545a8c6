import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from '@/components/common/Countdown';
import { useEnglishMessages } from '../../support/locale';

/** Moves the fake clock on and lets Preact render what the timers changed. */
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('Countdown', () => {
  beforeEach(() => {
    useEnglishMessages();
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('ticks each second and stops at zero, calling onEnd once', async () => {
    const onEnd = vi.fn();
    const { container } = render(<Countdown until={1_000_000 + 7_000} onEnd={onEnd} />);
    const clock = () => container.querySelector('time')?.textContent;
    expect(clock()).toBe('0:07');
    await tick(1_000);
    expect(clock()).toBe('0:06');
    await tick(5_000);
    expect(clock()).toBe('0:01');
    expect(onEnd).not.toHaveBeenCalled();
    await tick(1_000);
    expect(clock()).toBe('0:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
    await tick(10_000);
    expect(clock()).toBe('0:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows a fractional start on whole-second boundaries', async () => {
    const { container } = render(<Countdown until={1_000_000 + 2_500} />);
    const clock = () => container.querySelector('time')?.textContent;
    expect(clock()).toBe('0:03');
    await tick(500);
    expect(clock()).toBe('0:02');
    await tick(2_000);
    expect(clock()).toBe('0:00');
  });

  it('tells screen readers the minute, not every second, and the end', async () => {
    render(<Countdown until={1_000_000 + 125_000} />);
    const live = screen.getByText('about 2 minutes');
    expect(live.getAttribute('aria-live')).toBe('polite');
    // The ticking clock itself is hidden from assistive technology.
    expect(document.querySelector('time')?.getAttribute('aria-hidden')).toBe('true');
    await tick(5_000); // 2:00
    expect(live.textContent).toBe('about 2 minutes');
    await tick(1_000); // 1:59
    expect(live.textContent).toBe('about 1 minute');
    await tick(60_000);
    expect(live.textContent).toBe('less than a minute');
    await tick(60_000);
    expect(live.textContent).toBe('now');
  });

  it('leaves announcing to the surrounding live region when told', () => {
    render(<Countdown until={1_000_000 + 5_000} live={false} />);
    expect(screen.getByText('less than a minute').hasAttribute('aria-live')).toBe(false);
  });

  it('restarts when the target moves', async () => {
    const { container, rerender } = render(<Countdown until={1_000_000 + 3_000} />);
    rerender(<Countdown until={1_000_000 + 30_000} />);
    await tick(1_000);
    expect(container.querySelector('time')?.textContent).toBe('0:29');
  });
});
