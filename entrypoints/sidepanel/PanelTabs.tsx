import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { t, tCount } from '@/lib/i18n';
import type { Status } from '@/lib/ui/page-store';

/** The side panel's views. */
export type TabName = 'timeline' | 'outbox' | 'page';

const ORDER: TabName[] = ['timeline', 'outbox', 'page'];

/**
 * The tab list (ARIA tabs, automatic activation): Left/Right/Home/End move between tabs; only the
 * selected tab is in the Tab order. The Outbox tab shows how many writes wait, and whether one needs
 * attention, without changing its name ("Outbox").
 */
export function PanelTabs(props: {
  selected: TabName;
  onSelect: (tab: TabName) => void;
  /** The user points at a tab or focuses it: a tab's code may start loading before the click. */
  onIntent?: (tab: TabName) => void;
  outbox: Status['outbox'] | undefined;
}) {
  const refs = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const at = ORDER.indexOf(props.selected);
    const next =
      event.key === 'ArrowRight'
        ? ORDER[(at + 1) % ORDER.length]
        : event.key === 'ArrowLeft'
          ? ORDER[(at + ORDER.length - 1) % ORDER.length]
          : event.key === 'Home'
            ? ORDER[0]
            : event.key === 'End'
              ? ORDER[ORDER.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    props.onSelect(next);
    refs.current[next]?.focus();
  };
  const pending = props.outbox?.pending ?? 0;
  const worst = props.outbox?.worst;
  const attention = worst === 'failed' || worst === 'uncertain';
  const description = [
    pending > 0 ? tCount('panelOutboxWaiting', pending) : null,
    attention ? t('panelOutboxAttention') : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
  const tab = (name: TabName, label: string, extra?: ComponentChildren) => (
    <button
      type="button"
      role="tab"
      id={`tab-${name}`}
      ref={(el) => {
        refs.current[name] = el;
      }}
      aria-selected={props.selected === name}
      aria-controls={`panel-${name}`}
      aria-describedby={name === 'outbox' && description !== '' ? 'tab-outbox-desc' : undefined}
      tabIndex={props.selected === name ? 0 : -1}
      class="tab"
      onClick={() => props.onSelect(name)}
      onPointerEnter={() => props.onIntent?.(name)}
      onFocus={() => props.onIntent?.(name)}
    >
      {label}
      {extra}
    </button>
  );
  return (
    <>
      <div class="tabs" role="tablist" aria-label={t('panelTabsLabel')} onKeyDown={onKeyDown}>
        {tab('timeline', t('panelTabTimeline'))}
        {tab(
          'outbox',
          t('panelTabOutbox'),
          (pending > 0 || attention) && (
            <span class={attention ? 'tab-badge attention' : 'tab-badge'} aria-hidden="true" data-from-status="">
              {attention ? '!' : pending}
            </span>
          ),
        )}
        {tab('page', t('panelTabThisPage'))}
      </div>
      {description !== '' && (
        <span id="tab-outbox-desc" class="visually-hidden" data-from-status="">
          {description}
        </span>
      )}
    </>
  );
}
