import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { STATE_PORT } from '@/lib/messages/envelope';
import type { StatePush } from '@/lib/messages/push';
import { loadPushChecks } from '@/lib/messages/send';

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
        // The push schema (zod) loads with the first push, not with the page; callbacks on one
        // promise run in the order they were added, so pushes keep their order.
        void loadPushChecks().then(({ statePushSchema }) => {
          const push = statePushSchema.safeParse(raw);
          if (closed || !push.success) return;
          if (push.data.type === 'status') setStatus(push.data.status);
          else onOutboxChange?.();
        }, noop);
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

function noop(): void {}
