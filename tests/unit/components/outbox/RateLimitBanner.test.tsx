import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimitBanner } from '@/components/outbox/RateLimitBanner';
import { useEnglishMessages } from '../../support/locale';
import { status } from './fixtures';

/** Moves the fake clock on and lets Preact render what the timers changed. */
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const NOW = 1_800_000_000_000;
const pause = (change: Partial<ReturnType<typeof status>['pause']>) =>
  status({ pause: { rateLimitedUntil: null, disabled: null, offlineUntil: null, ...change } });

describe('RateLimitBanner', () => {
  beforeEach(() => {
    useEnglishMessages();
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows nothing while writes flow (the live region stays, empty)', () => {
    render(<RateLimitBanner status={status()} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows nothing before the status is known', () => {
    const { container } = render(<RateLimitBanner status={undefined} />);
    expect(container.textContent).toBe('');
  });

  it('counts a rate limit down each second and goes quiet at the end', async () => {
    render(<RateLimitBanner status={pause({ rateLimitedUntil: NOW + 7_000 })} />);
    const banner = screen.getByRole('status');
    expect(banner.textContent).toMatch(/^Writing too fast for the platform\. Writes resume in 0:07/);
    await tick(1_000);
    expect(banner.textContent).toContain('Writes resume in 0:06');
    await tick(6_000);
    expect(banner.textContent).toBe('');
  });

  it("shows a disabled key's reason and when it is tried again", () => {
    render(
      <RateLimitBanner status={pause({ disabled: { reason: 'Suspicious activity', nextProbeAt: NOW + 30_000 } })} />,
    );
    const text = screen.getByRole('status').textContent;
    expect(text).toContain('The platform has disabled this key.');
    expect(text).toContain('Reason: Suspicious activity.');
    expect(text).toContain('the next try is in 0:30');
  });

  it('says a disabled key is being tried again once its probe time passed', () => {
    render(<RateLimitBanner status={pause({ disabled: { reason: 'Abuse', nextProbeAt: NOW - 1 } })} />);
    expect(screen.getByRole('status').textContent).toContain('trying again now');
  });

  it('says when the platform cannot be reached', () => {
    render(<RateLimitBanner status={pause({ offlineUntil: NOW + 12_000 })} />);
    expect(screen.getByRole('status').textContent).toMatch(/cannot be reached\. Writes retry in 0:12/);
  });

  it('does not nest live regions: the banner is the one that speaks', () => {
    const { container } = render(<RateLimitBanner status={pause({ rateLimitedUntil: NOW + 90_000 })} />);
    expect(container.querySelectorAll('[aria-live]')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('about 1 minute');
  });
});
