import { useEffect, useMemo, useState } from 'preact/hooks';
import type { TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import type { PostView } from '@/lib/messages/fields';
import {
  type FilteredTimeline,
  filterTimeline,
  type MuteLists,
  muteRules,
  searchTerms,
  visibleTest,
} from '@/lib/ui/timeline-filter';

/** The timeline as searched and muted, and the search's and the hidden line's state. */
export interface TimelineFilter extends FilteredTimeline {
  query: string;
  setQuery(query: string): void;
  /** A search is on (the query has a word). */
  searching: boolean;
  /** Muted posts are shown (the "N hidden" line is open). */
  showHidden: boolean;
  setShowHidden(show: boolean): void;
}

/**
 * Filters the loaded posts by the search and the mutes, at every keystroke, locally (no request),
 * and tells the store which posts are drawn so its paging counts pages with none as empty.
 */
export function useTimelineFilter(
  store: TimelineStore,
  items: readonly PostView[],
  lists: MuteLists | undefined,
): TimelineFilter {
  const [query, setQuery] = useState('');
  const [showHidden, setShowHidden] = useState(false);
  const terms = useMemo(() => searchTerms(query), [query]);
  const termsKey = terms.join('\n');
  const rules = useMemo(() => muteRules(lists), [lists]);
  const filtered = useMemo(() => filterTimeline(items, terms, rules, showHidden), [items, termsKey, rules, showHidden]);
  useEffect(() => store.setVisible(visibleTest(terms, rules, showHidden)), [store, termsKey, rules, showHidden]);
  return { ...filtered, query, setQuery, searching: terms.length > 0, showHidden, setShowHidden };
}
