import { PANEL_CACHE_KEY, PICTURE_KEY, shownRecord } from '../../../entrypoints/sidepanel/fast-open/panel-cache-key';
import { newAccount } from '../driver/extension';
import { expect, test } from '../driver/test';
import { until } from '../driver/ui';
import { outboxMark, outboxSince } from '../driver/writes';
import { SidePanelScreen } from '../screens/side-panel';

/** A storage holding `text` under `key` only, to sum up a record read from the panel's page. */
function storageWith(key: string, text: string): Storage {
  return { getItem: (asked: string) => (asked === key ? text : null) } as Storage;
}
const TYPED = 'Typed before the panel loaded';

/** What the user did on the picture, as the init script below saw it. */
interface OnPicture {
  replied?: string;
  reacted?: string;
  /** The list's top in each frame from the picture's first on (px), until `stop`. */
  feedTops: number[];
  stop?: boolean;
}

/**
 * Run in the panel's page before its scripts: as soon as the picture of the last opening is drawn
 * (the early script marks `#app` with `data-picture`), before any module of the panel has run, it
 * clicks the second post's Reply, types into the reply box that opens, and clicks the first post's
 * first reaction: a user as fast as a machine, on the picture only.
 */
function actOnPicture(typed: string): void {
  const seen: OnPicture = { feedTops: [] };
  Reflect.set(window, '__onPicture', seen);
  // Where the list is drawn in each frame, the picture's and the live panel's.
  const sample = () => {
    const feed = document.querySelector('#app [role="feed"]');
    if (feed !== null) seen.feedTops.push(feed.getBoundingClientRect().top);
    if (seen.stop !== true) requestAnimationFrame(sample);
  };
  const observer = new MutationObserver(() => {
    const app = document.getElementById('app');
    if (app === null || !app.hasAttribute('data-picture')) return;
    const [first, second] = app.querySelectorAll<HTMLElement>('article[data-post-id]');
    if (first === undefined || second === undefined) return;
    observer.disconnect();
    requestAnimationFrame(sample);
    second.querySelector<HTMLButtonElement>('.reply-toggle')?.click();
    const box = second.querySelector<HTMLTextAreaElement>('.post-reply textarea');
    if (box === null) return;
    box.value = typed;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.setSelectionRange(5, 5);
    seen.replied = second.dataset.postId;
    const reaction = first.querySelector<HTMLButtonElement>('.reactions button');
    reaction?.click();
    seen.reacted = first.dataset.postId;
  });
  observer.observe(document, { childList: true, subtree: true });
}

test('side panel: the picture of the last opening takes a reply and a reaction at once; the live panel carries both on, its list where the picture drew it', async ({
  ext,
  control,
}) => {
  await newAccount(ext, control);
  const first = await SidePanelScreen.open(ext);
  await first.firstArticle();
  // Kept once the fresh first page is drawn, and again once the background's status has drawn the
  // speaker line ("as …"), which the next opening draws from the first frame: a panel closed before
  // its status leaves a picture without it, and the line then comes with the next opening's status.
  // Valid too: kept with the record it shows (the speaker line is written to it as the status is drawn).
  await until(async () => {
    const [picture, record] = await first.page.evaluate(
      (keys) => keys.map((key) => localStorage.getItem(key) ?? ''),
      [PICTURE_KEY, PANEL_CACHE_KEY],
    );
    const kept = JSON.parse(picture || 'null') as { shows?: string } | null;
    const valid = kept?.shows === shownRecord(storageWith(PANEL_CACHE_KEY, record ?? ''));
    return valid && picture?.includes('"class":"speaker"') ? true : undefined;
  }, 'the picture kept with the speaker line, valid');
  await first.page.close();

  const mark = await outboxMark(ext);
  const page = await ext.newTab();
  // Chromium runs the driver's script before the page's own (Firefox runs none before an extension
  // page's): there it acts on the picture, as a user as quick as a machine.
  const acts = ext.engine === 'chromium';
  if (acts) await page.evaluateOnNewDocument(actOnPicture, TYPED);
  await ext.goto(page, ext.url('sidepanel.html'));

  // The picture was drawn first, then the live panel replaced it, its cover gone with it.
  const opening = await page.evaluate(() => ({
    picture: performance.getEntriesByName('dc:picture').length,
    firstItems: performance.getEntriesByName('dc:timeline-first-items')[0]?.startTime ?? Number.NaN,
    pictureAt: performance.getEntriesByName('dc:picture')[0]?.startTime ?? Number.NaN,
  }));
  expect(opening.picture).toBe(1);
  expect(opening.pictureAt).toBeLessThanOrEqual(opening.firstItems);
  await until(
    () =>
      page.evaluate(() => {
        const live = document.querySelector('[data-picture]') === null && document.body.childElementCount <= 2;
        return live && document.querySelector('[role="feed"] article') !== null ? true : undefined;
      }),
    'the live timeline in place of the picture',
  );
  if (!acts) return;

  const seen = (await page.evaluate(() => Reflect.get(window, '__onPicture'))) as OnPicture;
  expect(seen.replied).toBeTruthy();
  expect(seen.reacted).toBeTruthy();

  // The live panel (no picture left) has the reply box open with the text, the caret where it was.
  const reply = await until(
    () =>
      page.evaluate((postId) => {
        const app = document.getElementById('app');
        const box = app?.querySelector<HTMLTextAreaElement>(`article[data-post-id="${postId}"] textarea`);
        if (
          app === null ||
          app === undefined ||
          app.hasAttribute('data-picture') ||
          box === null ||
          box === undefined
        ) {
          return undefined;
        }
        return {
          value: box.value,
          focused: box === document.activeElement,
          caret: box.selectionStart,
          picture: !!document.querySelector('[data-picture-reply]'),
        };
      }, seen.replied ?? ''),
    'the live reply box',
  );
  expect(reply).toEqual({ value: TYPED, focused: true, caret: 5, picture: false });

  // The list stayed where the picture drew it, in every frame until the background's status was
  // drawn (the pause banner's region comes with it): nothing above it came, went or came back.
  await until(
    () => page.evaluate(() => (document.querySelector('#app .pause-banner') !== null ? true : undefined)),
    "the background's status drawn",
  );
  const tops = await page.evaluate(() => {
    const onPicture = Reflect.get(window, '__onPicture') as OnPicture;
    onPicture.stop = true;
    return onPicture.feedTops;
  });
  expect(tops.length).toBeGreaterThan(1);
  expect(new Set(tops)).toEqual(new Set([tops[0]]));

  // The reaction clicked on the picture was made once, by the live panel.
  const reactions = await until(async () => {
    const items = (await outboxSince(ext, mark)).filter((item) => item.request.kind === 'reaction');
    return items.length > 0 ? items : undefined;
  }, 'the reaction queued');
  expect(reactions.map((item) => item.request)).toEqual([
    expect.objectContaining({ kind: 'reaction', postId: seen.reacted }),
  ]);
  // The reply stays a draft: kept for the next opening, nothing sent.
  expect((await outboxSince(ext, mark)).filter((item) => item.request.kind === 'comment')).toEqual([]);
});
