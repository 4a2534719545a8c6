import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { STATE_PORT, type StatePush, statePushSchema } from '@/lib/messages/push';

/** The status the background pushes (see `getStatus`). */
export type Status = Extract<StatePush, { type: 'status' }>['status'];

/**
 * Subscribes to the background's state pushes over a port. The worker may stop at any time, which
 * disconnects the port: the hook reconnects (the next message or alarm starts the worker again).
 * `onOutboxChange` runs when Outbox items changed, for views that list them.
 */
export function useStatus(onOutboxChange?: () => void): Status | undefined {
  const [status, setStatus] = useState<Status>();
  useEffect(() => {
    let port: ReturnType<typeof browser.runtime.connect> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const connect = () => {
      port = browser.runtime.connect({ name: STATE_PORT });
      port.onMessage.addListener((raw: unknown) => {
        const push = statePushSchema.safeParse(raw);
        if (!push.success) return;
        if (push.data.type === 'status') setStatus(push.data.status);
        else onOutboxChange?.();
      });
      port.onDisconnect.addListener(() => {
        if (!closed) retry = setTimeout(connect, 500);
      });
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      port?.disconnect();
    };
  }, [onOutboxChange]);
  return status;
}
