import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';

/**
 * A post's "More actions" disclosure: for now one action, mute (or unmute) its author. Escape
 * closes it and gives focus back to its button.
 */
export function PostMenu(props: { base: string; handle: string; muted: boolean; onMute: (muted: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const menuId = `${props.base}-menu`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    document.getElementById(`${props.base}-more`)?.focus();
  };
  return (
    <div class="post-menu">
      <button
        type="button"
        id={`${props.base}-more`}
        class="post-more"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('panelMoreActions')}
        title={t('panelMoreActions')}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div id={menuId} class="post-menu-items">
          <button
            type="button"
            onKeyDown={onKeyDown}
            onClick={() => {
              setOpen(false);
              props.onMute(!props.muted);
            }}
          >
            {props.muted ? t('panelUnmuteAuthor', props.handle) : t('panelMuteAuthor', props.handle)}
          </button>
        </div>
      )}
    </div>
  );
}
