import { useEffect, useRef, useState } from 'preact/hooks';
import { formatClock, minutesLeft, secondsLeft } from '@/lib/countdown';
import { t, tCount } from '@/lib/i18n';

export interface CountdownProps {
  /** The moment it counts down to (epoch ms). */
  until: number;
  /** Runs once when it reaches zero. */
  onEnd?: () => void;
  /**
   * Announce changes to screen readers itself (default). Pass false inside a region that is
   * already live (a `role="status"` banner): nested live regions are announced twice.
   */
  live?: boolean;
}

/** The spoken form: changes once a minute and at the end, never every second. */
function spoken(seconds: number): string {
  if (seconds <= 0) return t('countdownDone');
  const minutes = minutesLeft(seconds);
  if (minutes === 0) return t('countdownUnderMinute');
  return tCount('countdownMinutes', minutes);
}

/**
 * A live `m:ss` countdown that ticks each second and stops at zero. Sighted users see the clock;
 * assistive technology gets "about N minutes" once a minute and "now" at the end, politely.
 */
export function Countdown({ until, onEnd, live = true }: CountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  const ended = useRef(false);
  const endRef = useRef(onEnd);
  endRef.current = onEnd;

  useEffect(() => {
    ended.current = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const remainingMs = until - current;
      if (remainingMs <= 0) {
        if (!ended.current) {
          ended.current = true;
          endRef.current?.();
        }
        return;
      }
      // Wake at the next whole-second boundary before `until`, so the display never lags.
      timer = setTimeout(tick, remainingMs % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [until]);

  return (
    <span class="countdown">
      <time aria-hidden="true" dateTime={`PT${left}S`}>
        {formatClock(left)}
      </time>
      <span class="visually-hidden" aria-live={live ? 'polite' : undefined}>
        {spoken(left)}
      </span>
    </span>
  );
}
