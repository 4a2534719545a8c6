import { useState } from 'preact/hooks';
import { RateLimitBanner } from '@/components/outbox/RateLimitBanner';
import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import type { TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import type { MutesSource } from '@/entrypoints/sidepanel/state/use-mutes';
import type { KindsSource } from '@/entrypoints/sidepanel/state/use-reaction-kinds';
import { t } from '@/lib/i18n';
import { lazy } from '@/lib/ui/lazy';
import { outboxLinkTarget } from '@/lib/ui/outbox-link';
import { useSaved, useStatus } from '@/lib/ui/page-store';
import { PanelTabs, type TabName } from './PanelTabs';
import type { SpeakerSource } from './state/speaker';
import type { OpenReply } from './state/use-reply-boxes';
import { TimelinePanel } from './TimelinePanel';
import './sidepanel.css';

// The Outbox and "This page" are not on the first screen: their code loads when first shown, or
// when the user points at their tab (docs/performance.md, "Side panel: what the first screen loads").
const OutboxTab = lazy(() => import('./OutboxTab').then((module) => module.OutboxTab));
const ThisPageTab = lazy(() => import('./ThisPageTab').then((module) => module.ThisPageTab));
const SavedTab = lazy(() => import('./SavedTab').then((module) => module.SavedTab));
const LOADERS: Partial<Record<TabName, () => unknown>> = { outbox: OutboxTab.load, page: ThisPageTab.load };

/**
 * The side panel: three tabs, the public timeline (with the composer), the Outbox and "This page"
 * (the posts read so far that link to the tab's page), under the
 * pause banner that shows while writes wait for the rate limit, a disabled key or the network.
 * The Saved list opens from the timeline's bar, in the timeline's place (a fourth tab would not fit
 * Firefox's 252 px sidebar in every language).
 */
export function App(props: {
  store: TimelineStore;
  drafts: DraftStore;
  /** Where the reaction kinds come from first. */
  kinds?: KindsSource;
  /** Where the mute lists come from first. */
  mutes?: MutesSource;
  /** Where the speaker line comes from first. */
  speaker?: SpeakerSource;
  /** Posts whose reply box is open from the first render (the picture of the last opening had them open). */
  openReplies?: readonly OpenReply[];
}) {
  const { store, drafts } = props;
  const status = useStatus();
  // `#outbox/<id>` (a notification's click) opens on the Outbox, on that write.
  const [link] = useState(() => outboxLinkTarget(location.hash));
  const [tab, setTab] = useState<TabName>(link === undefined ? 'timeline' : 'outbox');
  // The Outbox mounts when first shown and stays, so switching back and forth keeps its state.
  const [outboxShown, setOutboxShown] = useState(link !== undefined);
  const [pageShown, setPageShown] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);
  const saved = useSaved();
  const select = (name: TabName) => {
    setTab(name);
    if (name === 'outbox') setOutboxShown(true);
    if (name === 'page') setPageShown(true);
  };
  return (
    <div class="panel">
      <header class="panel-head">
        <h1 class="visually-hidden">{t('extName')}</h1>
        <PanelTabs
          selected={tab}
          onSelect={select}
          onIntent={(name) => void LOADERS[name]?.()}
          outbox={status?.outbox}
        />
      </header>
      <main class="panel-main">
        <RateLimitBanner status={status} />
        <div
          role="tabpanel"
          id="panel-timeline"
          aria-labelledby="tab-timeline"
          class="tabpanel"
          hidden={tab !== 'timeline'}
        >
          <div class="tab-view" hidden={savedOpen}>
            <TimelinePanel
              store={store}
              status={status}
              drafts={drafts}
              kinds={props.kinds}
              mutes={props.mutes}
              speaker={props.speaker}
              openReplies={props.openReplies}
              tools={<SavedOpener count={saved?.length} onOpen={() => setSavedOpen(true)} />}
            />
          </div>
          {savedOpen && (
            <div class="tab-view scroll">
              <SavedTab
                onBack={() => {
                  setSavedOpen(false);
                  // Focus goes back where the user left: once the timeline is drawn again.
                  requestAnimationFrame(() => document.getElementById('saved-open')?.focus());
                }}
              />
            </div>
          )}
        </div>
        <div
          role="tabpanel"
          id="panel-outbox"
          aria-labelledby="tab-outbox"
          class="tabpanel scroll"
          hidden={tab !== 'outbox'}
        >
          {outboxShown && <OutboxTab focusItem={link?.itemId} />}
        </div>
        <div role="tabpanel" id="panel-page" aria-labelledby="tab-page" class="tabpanel scroll" hidden={tab !== 'page'}>
          {pageShown && <ThisPageTab shown={tab === 'page'} />}
        </div>
      </main>
    </div>
  );
}

/** The timeline bar's button that opens the Saved list (its code starts loading on intent). */
function SavedOpener(props: { count: number | undefined; onOpen: () => void }) {
  return (
    <button
      type="button"
      id="saved-open"
      class="refresh"
      onClick={props.onOpen}
      onPointerEnter={() => void SavedTab.load()}
      onFocus={() => void SavedTab.load()}
    >
      <span aria-hidden="true">★ </span>
      {t('savedShow')}
      {props.count !== undefined && props.count > 0 && (
        <span class="saved-count" data-from-status="">
          {props.count}
        </span>
      )}
    </button>
  );
}
