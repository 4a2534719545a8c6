import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { SpeakerLineView } from '@/components/common/AccountChooser';
import { Composer } from '@/components/timeline/Composer';
import { ListFooter } from '@/components/timeline/ListFooter';
import { NewPostsBanner } from '@/components/timeline/NewPostsBanner';
import { SearchBar } from '@/components/timeline/SearchBar';
import { Skeleton } from '@/components/timeline/Skeleton';
import { EmptyState, ErrorState, loadProblem } from '@/components/timeline/TimelineStates';
import { VirtualList, type VirtualListHandle } from '@/components/timeline/VirtualList';
import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import type { TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import { useDraftComposer } from '@/entrypoints/sidepanel/state/use-draft-composer';
import { useNewPostsCheck } from '@/entrypoints/sidepanel/state/use-new-posts-check';
import { useOnline } from '@/entrypoints/sidepanel/state/use-online';
import { usePostMarks } from '@/entrypoints/sidepanel/state/use-post-marks';
import { type KindsSource, useReactionKinds } from '@/entrypoints/sidepanel/state/use-reaction-kinds';
import { t } from '@/lib/i18n';
import type { PostView } from '@/lib/messages/fields';
import type { ReactionKind } from '@/lib/storage/reaction-kinds';
import type { Status } from '@/lib/ui/page-store';
import { countedOnce } from '@/lib/ui/reaction-counts';
import { markFirstItemsPainted } from './fast-open/first-paint';
import { type SpeakerSource, usePanelSpeaker } from './state/speaker';
import { type MutesSource, useMuteActions, useMutes } from './state/use-mutes';
import { usePendingDrafts } from './state/use-pending-drafts';
import { useReactions } from './state/use-reactions';
import { type OpenReply, useReplyBoxes } from './state/use-reply-boxes';
import { useRetryWhenFixed } from './state/use-retry-when-fixed';
import { useSaveToggles } from './state/use-saved';
import { useTimelineFilter } from './state/use-timeline-filter';
import { keyActions, useTimelineKeys } from './state/use-timeline-keys';
import { ShortcutsDialog, sendPost, TimelineRow } from './timeline-rows';

/** A post card's usual height before it is measured (px). */
const ESTIMATED_ROW = 150;
const getKey = (item: PostView) => item.id;
/** The kinds drawn while none are known: one array, so the rows see no change. */
const NO_KINDS: readonly ReactionKind[] = [];

export interface TimelinePanelProps {
  /** The timeline's state; its first page was asked for before the panel rendered. */
  store: TimelineStore;
  status: Status | undefined;
  /** Drafts, loaded before the panel renders. */
  drafts: DraftStore;
  /** Where the reaction kinds come from first (else the panel asks). */
  kinds?: KindsSource | undefined;
  /** Where the mute lists come from first. */
  mutes?: MutesSource | undefined;
  /** Where the speaker line comes from first. */
  speaker?: SpeakerSource | undefined;
  /** More buttons beside Refresh (the Saved list's). */
  tools?: ComponentChildren;
  /** Posts whose reply box is open from the first render (handed over by the picture). */
  openReplies?: readonly OpenReply[] | undefined;
}

/**
 * The timeline tab: the new-post composer, "N new posts", and the public timeline as a windowed
 * feed that loads the next page as the user nears its end; each post with reply and reactions. A
 * search and the user's mutes filter the loaded posts; single keys move, reply and react.
 */
export function TimelinePanel(props: TimelinePanelProps) {
  const { store, status, drafts, kinds: kindsSource, mutes: mutesSource } = props;
  const [state, setState] = useState(() => store.getState());
  // Subscribed as the first render commits, not after its frame (where effects run): the first page,
  // when it comes while that frame is drawn, renders at once instead of waiting for the effects.
  useLayoutEffect(() => {
    setState(store.getState());
    return store.subscribe(setState);
  }, [store]);

  const online = useOnline();
  const kinds = useReactionKinds(kindsSource);
  const { marks, markPending, unmarkPending, landed } = usePostMarks();
  const { reactErrors, onReact } = useReactions(markPending, unmarkPending);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<VirtualListHandle>(null);
  const postBox = useRef<HTMLTextAreaElement>(null);
  const boxes = useReplyBoxes(drafts, props.openReplies);
  const post = useDraftComposer(drafts, 'post', sendPost, t('panelPostQueued'));
  const { line, opening, choose } = usePanelSpeaker(status, () => void store.loadFirst(), props.speaker);
  const mutes = useMutes(mutesSource);
  const saveToggle = useSaveToggles(status);
  const filter = useTimelineFilter(store, state.items, mutes.lists);
  const { visible, searching } = filter;
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  useRetryWhenFixed(status, online, state.error !== null, () => void store.loadFirst());
  useEffect(() => {
    if (online && state.moreError?.code === 'network') void store.loadMore();
  }, [online, state.moreError, store]);

  const loaded = state.cursor !== undefined;
  const check = useCallback(() => void store.checkNewer(), [store]);
  useNewPostsCheck(check, loaded && online);

  // More writes were sent (an own post among them, maybe): look for it on the timeline.
  const sent = status?.outbox.counts.sent;
  const lastSent = useRef(sent);
  useEffect(() => {
    const before = lastSent.current;
    lastSent.current = sent;
    if (loaded && before !== undefined && sent !== undefined && sent > before) void store.checkNewer();
  }, [sent, loaded, store]);

  usePendingDrafts({
    ready: loaded || state.error !== null,
    items: visible,
    drafts,
    onPost: (text, note) => {
      post.replace(text, note);
      list.current?.scrollToTop();
      postBox.current?.focus();
    },
    onReply: (postId, index) => {
      boxes.open(postId, true);
      list.current?.focusRow(index);
    },
  });

  const painted = state.items.length > 0 && kinds !== undefined;
  // Right after the render that put them in the DOM (a layout effect), so the mark waits for the
  // frame that draws them, not for a later one.
  useLayoutEffect(() => {
    if (painted) markFirstItemsPainted();
  }, [painted]);

  const onReplyQueued = useCallback(
    (postId: string, confirmation: string) => {
      boxes.close(postId);
      setAnnouncement(confirmation);
    },
    [boxes],
  );

  // While searching, paging waits for "Load older posts": typing never sends a request.
  // A new callback whenever paging may go on again (a refresh or a page done, a pause lifted), so
  // the list asks again while it is still at its end: a "near the end" that was asked while the
  // store was busy is dropped, and neither the list's length (a fresh first page as long as the
  // cached one) nor its scroll position needs to change to bring it back. Without that the footer
  // would stay silent, with more behind the cursor and nothing asking for it.
  const mayPage =
    typeof state.cursor === 'string' && state.loading === null && state.stop === null && state.moreError === null;
  const onNearEnd = useCallback(() => {
    if (mayPage && !searching) void store.loadMore();
  }, [store, searching, mayPage]);
  const { onMuteAuthor, onUnmuteWord } = useMuteActions(mutes, list, setAnnouncement);
  useTimelineKeys({ root, list, search, help: () => setHelpOpen(true), ...keyActions(boxes, kinds, setAnnouncement) });
  // After "N new posts": the top, with focus on the newest post once the list holds it.
  const focusTop = useRef(false);
  const showNewer = async () => {
    focusTop.current = true;
    await store.showNewer();
    list.current?.scrollToTop();
  };
  useEffect(() => {
    if (!focusTop.current || state.loading !== null) return;
    focusTop.current = false;
    list.current?.focusRow(0);
  }, [state.items, state.loading]);
  const setSize = state.cursor === null ? visible.length : -1;

  const renderRow = (item: PostView, index: number) => (
    <TimelineRow
      item={countedOnce(item, landed, store.readAtOf(item))}
      position={index + 1}
      setSize={setSize}
      reactionKinds={kinds ?? NO_KINDS}
      marks={marks.get(item.id)}
      reactError={reactErrors.get(item.id)}
      onReact={onReact}
      boxes={boxes}
      drafts={drafts}
      onReplyQueued={onReplyQueued}
      muted={filter.reasons.get(item.id)}
      onMuteAuthor={onMuteAuthor}
      onUnmuteWord={onUnmuteWord}
      save={saveToggle(item)}
    />
  );

  const problem = state.error === null ? null : loadProblem(state.error, status, online);
  const waitingForStatus = state.error !== null && status === undefined;
  const header = (
    <section class="compose" aria-labelledby="compose-heading">
      <h2 id="compose-heading" class="visually-hidden">
        {t('panelComposerHeading')}
      </h2>
      <SpeakerLineView id="speaker" line={line} onChoose={choose} opening={opening} />
      <Composer
        id="new-post"
        label={t('panelComposerLabel')}
        submitLabel={t('panelPost')}
        placeholder={t('panelComposerPlaceholder')}
        textareaRef={postBox}
        value={post.value}
        busy={post.busy}
        message={post.message}
        onInput={post.onInput}
        onSubmit={() => void post.onSubmit()}
        sendAt={post.sendAt}
        onSendAt={post.onSendAt}
      />
    </section>
  );
  const listFooter = (
    <ListFooter
      loading={state.loading}
      end={state.cursor === null}
      stop={state.stop}
      emptyRun={state.emptyRun}
      moreError={state.moreError}
      searching={searching}
      filtered={searching || filter.hidden > 0}
      onRetry={() => void store.loadMore()}
      onLoadMore={() => void store.loadMore({ userAsked: true })}
    />
  );
  const footer =
    state.items.length === 0 ? (
      state.loading !== null || kinds === undefined || waitingForStatus ? (
        <Skeleton />
      ) : problem !== null ? (
        <ErrorState problem={problem} onRetry={() => void store.loadFirst()} />
      ) : state.cursor === null && state.stop === null ? (
        <EmptyState />
      ) : (
        // Pages came back empty but the platform says there are more: never "no posts".
        listFooter
      )
    ) : (
      listFooter
    );

  return (
    <div class="timeline" ref={root}>
      <div class="timeline-bar">
        <h2 class="timeline-title">{t('panelTimelineHeading')}</h2>
        <NewPostsBanner newer={state.newer} onShow={() => void showNewer()} />
        <button
          type="button"
          class="refresh"
          aria-disabled={state.loading !== null ? true : undefined}
          // Dimmed on the picture of the last opening too (fast-open/picture-keep.ts): an opening loads.
          data-opens-disabled=""
          onClick={() => {
            if (store.getState().loading === null) void store.loadFirst();
          }}
        >
          <span aria-hidden="true">↻ </span>
          {t('panelRefresh')}
        </button>
        {props.tools}
      </div>
      <SearchBar
        query={filter.query}
        onQuery={filter.setQuery}
        inputRef={search}
        searching={searching}
        matches={filter.matches}
        loaded={state.items.length}
        hidden={filter.hidden}
        showHidden={filter.showHidden}
        onToggleHidden={() => filter.setShowHidden(!filter.showHidden)}
        onHelp={() => setHelpOpen(true)}
      />
      {problem !== null && state.items.length > 0 && (
        <p class="timeline-refresh-error" role="alert">
          {problem.text}
        </p>
      )}
      <VirtualList
        items={visible}
        getKey={getKey}
        renderRow={renderRow}
        estimateHeight={ESTIMATED_ROW}
        label={t('panelTimelineHeading')}
        busy={state.loading !== null}
        header={header}
        footer={footer}
        onNearEnd={onNearEnd}
        handle={list}
      />
      <p class="visually-hidden" role="status">
        {announcement}
      </p>
      {helpOpen && <ShortcutsDialog open onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
