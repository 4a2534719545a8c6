import type { MutesSource } from '@/entrypoints/sidepanel/state/use-mutes';
import type { KindsSource } from '@/entrypoints/sidepanel/state/use-reaction-kinds';
import type { Reply } from '@/lib/messages/envelope';
import { plainEarlySettings, plainFirstPage } from '@/lib/messages/first-page-check';
import { checkReply } from '@/lib/messages/send';
import type { EarlyRequests } from './early-requests';
import type { PanelCache } from './panel-cache';

/** The early answers as the panel's first screen takes them. */
export interface FirstAnswers {
  /** The mute lists until the page's store has the settings: the kept ones, else the early answer's. */
  mutes: MutesSource;
  /** The reaction kinds likewise. */
  kinds: KindsSource;
  /** Resolves once the early settings' lists and kinds stand in where none were kept. */
  filled: Promise<void>;
  /** The early first page, checked. */
  checkedFirstPage(raw: unknown): Promise<Reply<'getTimelinePage'>>;
}

/**
 * The early first page is checked without zod when it is a page of plain posts
 * (`lib/messages/first-page-check.ts`), by its schema otherwise. With no mute lists or reaction kinds
 * kept (a first opening, or the first after an update), it waits for the early settings answer's
 * ones, read the way the kept ones are: a muted post is then hidden and the buttons are drawn from
 * the first frame, without waiting for the reply schemas. `schemasFirst` (a bench build without the
 * trick) checks it by its schema once `checksMayRun` resolves, as before.
 */
export function firstAnswers(
  early: EarlyRequests | undefined,
  kept: Pick<PanelCache, 'mutes' | 'kinds' | 'rememberMutes' | 'rememberKinds'>,
  schemasFirst?: () => Promise<void>,
): FirstAnswers {
  const mutes: MutesSource = { cached: kept.mutes(), remember: kept.rememberMutes };
  const kinds: KindsSource = { cached: kept.kinds(), remember: kept.rememberKinds };
  // Read only where something was not kept: the kept lists and kinds stand as they are.
  const missing = mutes.cached === undefined || kinds.cached === undefined;
  const filled =
    missing && early !== undefined
      ? early.settings.then(
          (raw) => {
            const settings = plainEarlySettings(raw);
            mutes.cached ??= settings.mutes;
            kinds.cached ??= settings.kinds;
          },
          () => undefined,
        )
      : Promise.resolve();
  return {
    mutes,
    kinds,
    filled,
    async checkedFirstPage(raw) {
      if (schemasFirst !== undefined) {
        await schemasFirst();
        return checkReply('getTimelinePage', raw);
      }
      if (missing) await filled;
      return plainFirstPage(raw) ?? checkReply('getTimelinePage', raw);
    },
  };
}
