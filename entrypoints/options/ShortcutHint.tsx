import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { FIREFOX_SIDEBAR_COMMAND, OPEN_SIDE_PANEL_COMMAND } from '@/lib/browser/side-panel';
import { t } from '@/lib/i18n';

/** Firefox's "Manage Extension Shortcuts" opener (Firefox 137+), absent from Chrome's types. */
function firefoxShortcutSettings(): (() => Promise<void>) | undefined {
  const open: unknown = Reflect.get(browser.commands ?? {}, 'openShortcutSettings');
  return typeof open === 'function' ? () => Promise.resolve(open.call(browser.commands)) : undefined;
}

/** The keyboard shortcut that opens and closes the side panel, as the browser has it now, and where to change it. */
export function ShortcutHint() {
  // undefined: not read yet; '': no shortcut assigned.
  const [shortcut, setShortcut] = useState<string>();
  const firefox = import.meta.env.FIREFOX;

  useEffect(() => {
    void browser.commands
      ?.getAll()
      .then((commands) => {
        const command = commands.find((c) => c.name === OPEN_SIDE_PANEL_COMMAND || c.name === FIREFOX_SIDEBAR_COMMAND);
        setShortcut(command?.shortcut ?? '');
      })
      .catch(() => setShortcut(''));
  }, []);

  // Chrome: its shortcuts page opens in a tab; Firefox: its own dialog, where the browser has one.
  const firefoxOpen = firefoxShortcutSettings();
  const openSettings = firefox ? firefoxOpen : () => void browser.tabs.create({ url: 'chrome://extensions/shortcuts' });

  return (
    <section class="card" aria-labelledby="shortcut-title">
      <h2 id="shortcut-title">{t('optionsShortcutTitle')}</h2>
      <p>
        {shortcut === undefined ? null : shortcut === '' ? (
          t('optionsShortcutNone')
        ) : (
          <>
            {t('optionsShortcutIs')} <kbd>{shortcut}</kbd>
          </>
        )}
      </p>
      <p class="hint">{firefox ? t('optionsShortcutChangeFirefox') : t('optionsShortcutChangeChrome')}</p>
      {openSettings !== undefined && (
        <div class="actions">
          <button type="button" onClick={() => void openSettings()}>
            {t('optionsShortcutOpen')}
          </button>
        </div>
      )}
    </section>
  );
}
