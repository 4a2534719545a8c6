import { barHostsSeenByPage, waitForBars } from '../driver/bars';
import { SANDBOX_GRANT } from '../driver/chromium-profile';
import { decorateSandboxSite } from '../driver/link-scripts';
import { expect, test } from '../driver/test';
import { openToolbarPopup, type ToolbarPopup } from '../driver/toolbar';
import { until } from '../driver/ui';
import { publishedPostIds } from '../driver/writes';
import { startThirdPartySite } from '../support/third-party-site';
import { scaled } from '../support/time';

// "Only on sites I choose": the popup's switch for the site in front of the user. The browser's
// prompt for a site's access cannot be answered headless, so the profile holds that access already,
// as after the user's "Allow" (the switch asks only for what is not held); the popup reads the tab's
// address with `tabs` (a user's click on the button gives `activeTab` instead).
const CHOSEN = '127.0.0.2';
const OTHER = '127.0.0.3';
test.use({ launch: { grantedOrigins: [...SANDBOX_GRANT, `*://${CHOSEN}/*`], grantedApis: ['tabs'] } });

/** What the popup's "This site" section says, and whether its switch is on (null: no switch). */
function siteSection(popup: ToolbarPopup): Promise<{ text: string; on: boolean | null }> {
  return popup.evaluate((doc) => {
    const section = doc.querySelector('.popup-site');
    const box = section?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    return {
      text: (section as HTMLElement | null)?.innerText ?? '',
      on: box === null || box === undefined ? null : box.checked,
    };
  });
}

test('only on sites I choose: the popup’s switch puts bars on this site and takes them off, without a reload; another site has none', async ({
  ext,
  control,
}) => {
  const { key } = await decorateSandboxSite(ext, control);
  const [postId] = await publishedPostIds(control, key);
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>
<p><a href="${control.baseUrl}/posts/${postId}">A debate</a> on the platform.</p></body></html>`;
  const chosen = await startThirdPartySite({ '/': page('Chosen news') }, CHOSEN);
  const other = await startThirdPartySite({ '/': page('Other news') }, OTHER);
  try {
    const news = await ext.openTab(`${chosen.origin}/`);
    expect(await barHostsSeenByPage(news)).toEqual({ hosts: 0, open: 0 });

    // The popup over the news tab: its switch is off; turned on, the bars come to the open page.
    await news.bringToFront();
    let popup = await openToolbarPopup(ext);
    await until(async () => ((await siteSection(popup)).on === false ? true : undefined), 'the switch, off');
    expect((await siteSection(popup)).text).toContain(`Bars on ${CHOSEN}`);
    await popup.evaluate((doc) => doc.querySelector<HTMLInputElement>('.popup-site input[type="checkbox"]')?.click());
    await until(async () => ((await siteSection(popup)).on === true ? true : undefined), 'the switch, on');
    await waitForBars(ext, news, 1, 'a bar on the chosen site');
    expect((await ext.call<{ chosenSites: string[] }>('getSettings')).chosenSites).toEqual([CHOSEN]);
    await popup.close();

    // Another site, not chosen: no bars there.
    const elsewhere = await ext.openTab(`${other.origin}/`);
    await until(async () => ((await elsewhere.title()) === 'Other news' ? true : undefined), 'the other page');
    expect(await barHostsSeenByPage(elsewhere)).toEqual({ hosts: 0, open: 0 });

    // Off again from the popup: the bars leave the open page at once, and the site's access is given back.
    await news.bringToFront();
    popup = await openToolbarPopup(ext);
    await until(async () => ((await siteSection(popup)).on === true ? true : undefined), 'the switch, on');
    await popup.evaluate((doc) => doc.querySelector<HTMLInputElement>('.popup-site input[type="checkbox"]')?.click());
    await until(
      async () => ((await barHostsSeenByPage(news)).hosts === 0 ? true : undefined),
      'the bars gone from the page',
    );
    await popup.close();
    expect((await ext.call<{ chosenSites: string[] }>('getSettings')).chosenSites).toEqual([]);
    // The access goes back once the bars are gone (the switch's answer comes after both).
    const held = () =>
      ext.inExtension((origin: string) => {
        type Api = { permissions: { contains(p: { origins: string[] }): Promise<boolean> } };
        const scope = globalThis as unknown as { browser?: Api; chrome: Api };
        return (scope.browser ?? scope.chrome).permissions.contains({ origins: [origin] });
      }, `*://${CHOSEN}/*`);
    await expect.poll(held, { timeout: scaled(10_000) }).toBe(false);
  } finally {
    await chosen.close();
    await other.close();
  }
});
