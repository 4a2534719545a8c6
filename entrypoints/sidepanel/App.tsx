import { useState } from 'preact/hooks';
import { RateLimitBanner } from '@/components/outbox/RateLimitBanner';
import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import type { TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import type { KindsSource } from '@/entrypoints/sidepanel/state/use-reaction-kinds';
import { t } from '@/lib/i18n';
import { useStatus } from '@/lib/ui/page-store';
import { OutboxTab } from './OutboxTab';
import { PanelTabs, type TabName } from './PanelTabs';
import { ThisPageTab } from './ThisPageTab';
import { TimelinePanel } from './TimelinePanel';
import './sidepanel.css';

/**
 * The side panel: three tabs, the public timeline (with the composer), the Outbox and "This page"
 * (the posts read so far that link to the tab's page), under the
 * pause banner that shows while writes wait for the rate limit, a disabled key or the network.
 */
export function App(props: {
  store: TimelineStore;
  drafts: DraftStore;
  /** Where the reaction kinds come from first. */
  kinds?: KindsSource;
}) {
  const { store, drafts } = props;
  const status = useStatus();
  const [tab, setTab] = useState<TabName>('timeline');
  // The Outbox and "This page" mount when first shown and stay, so switching back and forth keeps
  // their state (and opening the panel costs nothing more).
  const [outboxShown, setOutboxShown] = useState(false);
  const [pageShown, setPageShown] = useState(false);
  const select = (name: TabName) => {
    setTab(name);
    if (name === 'outbox') setOutboxShown(true);
    if (name === 'page') setPageShown(true);
  };
  return (
    <div class="panel">
      <header class="panel-head">
        <h1 class="visually-hidden">{t('extName')}</h1>
        <PanelTabs selected={tab} onSelect={select} outbox={status?.outbox} />
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
          <TimelinePanel store={store} status={status} drafts={drafts} kinds={props.kinds} />
        </div>
        <div
          role="tabpanel"
          id="panel-outbox"
          aria-labelledby="tab-outbox"
          class="tabpanel scroll"
          hidden={tab !== 'outbox'}
        >
          {outboxShown && <OutboxTab />}
        </div>
        <div role="tabpanel" id="panel-page" aria-labelledby="tab-page" class="tabpanel scroll" hidden={tab !== 'page'}>
          {pageShown && <ThisPageTab shown={tab === 'page'} />}
        </div>
      </main>
    </div>
  );
}
