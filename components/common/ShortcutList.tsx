import { t } from '@/lib/i18n';
import type { KeyMap } from '@/lib/storage/keymap';
import { shortcutLines } from '@/lib/ui/timeline-keys';

/**
 * The timeline's keyboard shortcuts as the user set them (`keys`; the defaults before the settings
 * are known): a list of keys and what they do (side panel dialog, options).
 */
export function ShortcutList({ keys }: { keys?: KeyMap | undefined }) {
  return (
    <>
      {keys?.on === false && <p class="hint">{t('keysAllOff')}</p>}
      <dl class="shortcut-list">
        {shortcutLines(keys).map((line) => (
          <div key={line.label} class="shortcut">
            <dt>{line.keys.flatMap((key, index) => [index > 0 ? '–' : null, <kbd key={key}>{key}</kbd>])}</dt>
            <dd>{t(line.label)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
