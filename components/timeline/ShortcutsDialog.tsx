import { useEffect, useRef } from 'preact/hooks';
import { ShortcutList } from '@/components/common/ShortcutList';
import { t } from '@/lib/i18n';
import { useSettings } from '@/lib/ui/page-store';

/**
 * The list of the timeline's shortcuts in a modal dialog (the browser's own `dialog`: focus stays
 * in it, Escape closes it, and focus goes back to where it was).
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keys = useSettings()?.keys;
  useEffect(() => {
    const el = dialog.current;
    if (el === null || el.open === open) return;
    if (!open) el.close();
    else if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
  }, [open]);
  return (
    <dialog ref={dialog} class="shortcuts-dialog" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">{t('panelShortcutsButton')}</h2>
      <ShortcutList keys={keys} />
      <p class="hint">{t('panelShortcutsNote')}</p>
      <form method="dialog">
        <button type="submit" autofocus>
          {t('panelShortcutsClose')}
        </button>
      </form>
    </dialog>
  );
}
