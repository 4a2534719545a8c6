import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Countdown } from '@/components/common/Countdown';
import { t, tCount } from '@/lib/i18n';
import type { Status } from '@/lib/ui/page-store';
import { tNodes } from '@/lib/ui/t-node';

/**
 * While the account's writes are paused: why (rate limit, disabled key, offline) and, where there is
 * one, a live countdown to when they resume. Renders nothing while writes flow.
 */
export function RateLimitBanner({ status }: { status: Status | undefined }) {
  // Re-render once a countdown ends, so a pause whose time has passed is not shown as current.
  const [, setEnded] = useState(0);
  const ended = () => setEnded((n) => n + 1);
  const now = Date.now();
  const pause = status?.pause;
  if (pause === undefined) return null;

  let content: ComponentChildren = null;
  let tone = 'warn';
  if (pause.disabled !== null) {
    tone = 'danger';
    content = (
      <>
        <strong>{t('bannerKeyDisabled')}</strong> {t('bannerKeyDisabledReason', pause.disabled.reason)}{' '}
        {pause.disabled.nextProbeAt > now
          ? tNodes(
              'bannerKeyDisabledProbe',
              <Countdown until={pause.disabled.nextProbeAt} live={false} onEnd={ended} />,
            )
          : t('bannerKeyDisabledProbing')}
      </>
    );
  } else if (pause.drainFailed != null && pause.drainFailed.retryAt > now) {
    tone = 'danger';
    content = (
      <>
        <strong>{t('bannerDrainFailed', pause.drainFailed.message)}</strong>{' '}
        {tNodes('bannerDrainRetry', <Countdown until={pause.drainFailed.retryAt} live={false} onEnd={ended} />)}
      </>
    );
  } else if (pause.rateLimitedUntil !== null && pause.rateLimitedUntil > now) {
    content = (
      <>
        <strong>{t(pause.lostAnswer === true ? 'bannerLostAnswer' : 'bannerRateLimited')}</strong>{' '}
        {tNodes('bannerResumeIn', <Countdown until={pause.rateLimitedUntil} live={false} onEnd={ended} />)}
      </>
    );
  } else if (pause.needsKey !== undefined && pause.needsKey.length > 0) {
    const [first] = pause.needsKey;
    content = first && (
      <strong>{tCount('bannerNeedsKey', first.pending, [String(first.pending), new URL(first.baseUrl).origin])}</strong>
    );
  } else if (pause.offlineUntil !== null && pause.offlineUntil > now) {
    content = (
      <>
        <strong>{t('bannerOffline')}</strong>{' '}
        {tNodes('bannerOfflineRetry', <Countdown until={pause.offlineUntil} live={false} onEnd={ended} />)}
      </>
    );
  }
  // Other accounts wait on their own: each says so, with its own countdown.
  const others = (status?.accounts ?? []).filter(
    (account) => !account.isDefault && account.pause.rateLimitedUntil !== null && account.pause.rateLimitedUntil > now,
  );
  const lines = others.map((account) => (
    <p key={account.id} class="pause-other">
      <strong>{t('bannerAccountRateLimited', account.name)}</strong>{' '}
      {tNodes('bannerResumeIn', <Countdown until={account.pause.rateLimitedUntil ?? now} live={false} onEnd={ended} />)}
    </p>
  ));
  const empty = content === null && lines.length === 0;
  // The region stays mounted (empty) so that a pause appearing later is announced.
  return (
    <div
      class={empty ? 'pause-banner empty' : `pause-banner ${content === null ? 'warn' : tone}`}
      role="status"
      data-from-status=""
    >
      {content}
      {lines}
    </div>
  );
}
