import { t } from '@/lib/i18n';
import { TIMELINE_SHORTCUTS } from '@/lib/ui/timeline-keys';

/** The timeline's keyboard shortcuts as a list of keys and what they do (side panel dialog, options). */
export function ShortcutList() {
  return (
    <dl class="shortcut-list">
      {TIMELINE_SHORTCUTS.map((line) => (
        <div key={line.label} class="shortcut">
          <dt>{line.keys.flatMap((key, index) => [index > 0 ? '–' : null, <kbd key={key}>{key}</kbd>])}</dt>
          <dd>{t(line.label)}</dd>
        </div>
      ))}
    </dl>
  );
}
