import { t } from '@/lib/i18n';
import { PermissionSwitch } from './PermissionSwitch';
import type { SaveSettings } from './use-settings';

/** The optional permission behind notifications. */
const NOTIFICATIONS = { permissions: ['notifications' as const] };

/**
 * "Notify me about my writes": off by default; turning it on asks the browser for the
 * `notifications` permission from the click itself (a request needs a user gesture); turning it off
 * gives the permission back.
 */
export function NotificationsCard({ notify, save }: { notify: boolean; save: SaveSettings }) {
  return (
    <section class="card" aria-labelledby="notify-title">
      <h2 id="notify-title">{t('optionsNotifyTitle')}</h2>
      <PermissionSwitch setting="notify" permission={NOTIFICATIONS} enabled={notify} save={save} />
    </section>
  );
}
