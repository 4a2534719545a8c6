import { normalizeHostEntry } from '@/lib/links/hosts';
import { parsePermalinkPattern } from '@/lib/links/pattern';
import type { z } from '@/lib/zod';
import type { Settings } from './settings';

/**
 * The options page's own checks on settings that arrive from outside — a backup file, a synced
 * record (lib/sync/): no reaction kind twice, every link pattern valid, every host as the
 * browser writes it. Issues carry `message: 'twice'` for a repeated kind (the words say so).
 */
export function checkSettingsFields(settings: Partial<Settings>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  settings.reactionKinds?.forEach((kind, index) => {
    if (seen.has(kind.value))
      ctx.addIssue({ code: 'custom', path: ['reactionKinds', index, 'value'], message: 'twice' });
    seen.add(kind.value);
  });
  settings.linkPatterns?.forEach((pattern, index) => {
    if (!parsePermalinkPattern(pattern).ok)
      ctx.addIssue({ code: 'custom', path: ['linkPatterns', index], message: 'pattern' });
  });
  settings.excludedHosts?.forEach((host, index) => {
    if (normalizeHostEntry(host) !== host)
      ctx.addIssue({ code: 'custom', path: ['excludedHosts', index], message: 'host' });
  });
}
