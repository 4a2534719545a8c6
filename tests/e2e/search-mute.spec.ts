import { expect, test } from './fixtures';
import { SidePanelPage } from './pages/sidepanel-page';
import { expectAccessible } from './support/axe';
import { configure } from './support/extension-client';
import { SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

// Each test walks a whole feature with several axe scans: more than the default minute on a busy machine.
test.describe.configure({ timeout: scaled(300_000) });

const token = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Seeds posts (by the demo account) at the top of the public timeline. */
async function seed(client: SandboxClient, bodies: string[]): Promise<string[]> {
  // The API lists newest first: seed oldest first, so the first body ends up on top.
  const posts = [...bodies].reverse().map((body) => ({ body }));
  const { ids } = await client.control<{ ids: string[] }>('POST', '/posts', { posts });
  return ids.reverse();
}

interface SandboxEvent {
  type: string;
  data: { postId?: string; kind?: string };
}

test('search filters the loaded posts as typed, with no request; mutes hide posts behind "N hidden"', async ({
  sandbox,
  extensionPage,
}) => {
  const client = new SandboxClient(sandbox.baseUrl);
  const tag = token();
  await seed(client, [`Zebra crossing Ärger ${tag}`, `Bus lane ${tag}`, `Zebra stripes ${tag} spoiler${tag}`]);
  const options = await extensionPage('options.html');
  await configure(options, sandbox.baseUrl, sandbox.testKey);

  const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
  const page = panel.page;
  await page.setViewportSize({ width: 360, height: 760 });
  await expect(panel.article(`Bus lane ${tag}`)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search loaded posts' });

  // Typing filters at once and asks the platform nothing.
  let timelineReads = 0;
  const stop = sandbox.onRequest((entry) => {
    if (JSON.stringify(entry).includes('timelines')) timelineReads += 1;
  });
  await search.pressSequentially('ZEBRA arger', { delay: 20 });
  await expect(panel.articles).toHaveCount(1);
  await expect(panel.articles.first()).toContainText(`Zebra crossing Ärger ${tag}`);
  await expect(page.getByRole('status').filter({ hasText: 'loaded posts matches' })).toBeVisible();
  await search.fill(tag);
  await expect(panel.articles).toHaveCount(3);
  expect(timelineReads).toBe(0);
  stop();

  // Mute a word on the options page: the post that holds it hides behind "1 hidden".
  await options.reload();
  await options.getByRole('textbox', { name: 'Muted words and phrases' }).fill(`spoiler${tag}`);
  const card = options.getByRole('region', { name: 'Muted words and people' });
  await expect(card.getByText('Saved.')).toBeVisible();
  await expectAccessible(options, 'options, mutes and keys', {
    include: ['section[aria-labelledby="mutes-title"]', 'section[aria-labelledby="timeline-keys-title"]'],
  });
  await expect(panel.articles).toHaveCount(2);
  const hidden = page.getByRole('button', { name: '1 hidden' });
  await expect(hidden).toHaveAttribute('aria-expanded', 'false');
  await hidden.click();
  await expect(hidden).toHaveAttribute('aria-expanded', 'true');
  const muted = panel.article(`Zebra stripes ${tag}`);
  await expect(muted).toContainText(`Hidden: you muted “spoiler${tag}”.`);
  // The search field, the "1 hidden" line (open) and a muted post shown with its note.
  await expectAccessible(page, 'side panel, search and hidden line', { include: ['.timeline-search', '.vlist'] });
  await hidden.click();
  await expect(muted).toHaveCount(0);

  // Mute the author from a post's menu: every post of theirs hides; "N hidden" counts them.
  await search.fill('');
  const first = panel.article(`Bus lane ${tag}`);
  await first.getByRole('button', { name: 'More actions' }).click();
  await first.getByRole('button', { name: 'Mute @demo' }).click();
  await expect(page.getByText('@demo muted: their posts are hidden.')).toBeAttached();
  await expect(panel.article(tag)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^\d+ hidden$/ })).toBeVisible();
  await page.getByRole('button', { name: /^\d+ hidden$/ }).click();
  const shown = panel.article(`Bus lane ${tag}`);
  await expect(shown).toContainText('Hidden: you muted @demo.');
  await shown.getByRole('button', { name: 'Unmute @demo' }).click();
  await expect(shown).not.toContainText('Hidden: you muted');
});

test('keys: j/k move, r replies, 1 reacts and the reaction lands, / searches, ? lists the keys', async ({
  sandbox,
  extensionPage,
}) => {
  const client = new SandboxClient(sandbox.baseUrl);
  const tag = token();
  const [firstId] = await seed(client, [`Keys first ${tag}`, `Keys second ${tag}`]);
  await configure(await extensionPage('options.html'), sandbox.baseUrl, sandbox.testKey);
  const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
  const page = panel.page;
  await expect(panel.article(`Keys first ${tag}`)).toBeVisible();

  await page.locator('body').press('j');
  await expect(panel.articles.first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.locator('article:focus')).toHaveAttribute('aria-posinset', '2');
  await page.keyboard.press('k');
  await expect(page.locator('article:focus')).toContainText(`Keys first ${tag}`);

  // r opens the reply box with the caret in it; there, j is text.
  await page.keyboard.press('r');
  const first = panel.article(`Keys first ${tag}`);
  const box = first.getByRole('textbox', { name: 'Reply' });
  await expect(box).toBeFocused();
  await page.keyboard.press('j');
  await expect(box).toHaveValue('j');
  await box.fill('');
  await page.keyboard.press('Escape');
  await expect(first.getByRole('button', { name: 'Reply', exact: true })).toBeFocused();

  // 1: the first reaction kind, on the post that holds the focus; it goes through the Outbox.
  await page.keyboard.press('1');
  await expect(panel.reaction(first, 'Well sourced')).toHaveAttribute('aria-disabled', 'true');
  await expect
    .poll(async () =>
      (await client.control<{ events: SandboxEvent[] }>('GET', '/events')).events.some(
        (e) => e.type === 'reaction.created' && e.data.postId === firstId,
      ),
    )
    .toBe(true);

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search loaded posts' })).toBeFocused();
  await page.keyboard.press('Escape');
  await first.focus();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Reply to the focused post');
  await expectAccessible(page, 'side panel, shortcuts dialog', { include: ['.shortcuts-dialog'] });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();
});
