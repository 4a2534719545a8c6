import { useEffect, useState } from 'preact/hooks';
import { exactTime, nextChangeIn, relativeTime } from '@/lib/ui/relative-time';

/**
 * A time as "5 min. ago", with the exact date and time on hover (`title`) and for machines
 * (`datetime`). Re-renders only when the words change. An unparseable time renders nothing.
 */
export function RelativeTime({ iso, id }: { iso: string | undefined; id?: string }) {
  const then = iso === undefined ? Number.NaN : Date.parse(iso);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (Number.isNaN(then)) return;
    const timer = setTimeout(() => setNow(Date.now()), nextChangeIn(then, now));
    return () => clearTimeout(timer);
  }, [then, now]);
  if (Number.isNaN(then)) return null;
  return (
    <time id={id} dateTime={new Date(then).toISOString()} title={exactTime(then)}>
      {relativeTime(then, now)}
    </time>
  );
}
