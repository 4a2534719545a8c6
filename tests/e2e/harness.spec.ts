import { expect, test } from './fixtures';

test.describe('the e2e harness', () => {
  test('loads the built extension in Chromium and renders its pages', async ({ extensionId, extensionPage }) => {
    expect(extensionId).toMatch(/^[a-p]{32}$/);
    const options = await extensionPage('options.html');
    await expect(options.getByRole('heading', { level: 1 })).toHaveText('Debate Companion options');
    const panel = await extensionPage('sidepanel.html');
    await expect(panel.getByRole('heading', { level: 1 })).toHaveText('Debate Companion');
  });

  test('starts a seeded sandbox on a free port that answers the API', async ({ sandbox }) => {
    const response = await fetch(`${sandbox.baseUrl}/v1/timelines/public?limit=5`, {
      headers: { Authorization: `Bearer ${sandbox.testKey}` },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: unknown[]; nextCursor: string | null };
    expect(page.items).toHaveLength(5);
    expect(typeof page.nextCursor).toBe('string');
  });
});
