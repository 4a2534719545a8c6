import { ShortcutList } from '@/components/common/ShortcutList';
import { t } from '@/lib/i18n';

/** The side panel timeline's single-key shortcuts, as its "?" dialog lists them. */
export function TimelineKeys() {
  return (
    <section class="card" aria-labelledby="timeline-keys-title">
      <h2 id="timeline-keys-title">{t('optionsKeysTitle')}</h2>
      <ShortcutList />
      <p class="hint">{t('optionsKeysHint')}</p>
    </section>
  );
}
