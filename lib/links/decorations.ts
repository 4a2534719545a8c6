import type { Settings } from '@/lib/storage/settings';

/** The settings the link scripts and the context menus are made of. */
const DECORATION_FIELDS = [
  'baseUrl',
  'linkPatterns',
  'reactionKinds',
  'decorateAllSites',
  'excludedHosts',
  'chosenSites',
] as const;

/**
 * Follows the settings for what the link scripts and menus are made of (the site, the patterns,
 * the reaction kinds, all sites, the exclusions). Mutes, notifications and the history's bounds
 * change the settings too, often (a mute from a post's menu): those never rebuild them.
 */
export class DecorationWatch {
  private last: string | undefined;

  /** True when `settings` differ from the last ones seen in what decorations are made of (the first call: true). */
  changed(settings: Settings): boolean {
    const next = JSON.stringify(DECORATION_FIELDS.map((field) => settings[field]));
    if (next === this.last) return false;
    this.last = next;
    return true;
  }
}
