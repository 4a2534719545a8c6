import { expect, it, vi } from 'vitest';

it('marks the first task after the frame, and lets what waits for it start after the tasks that frame queued', async () => {
  // The module keeps its state per page: a fresh copy, whatever other files of this worker did with it.
  vi.resetModules();
  const { FIRST_ITEMS_MARK, INTERACTIVE_MARK, markFirstItemsPainted, whenFirstItemsPainted } = await import(
    '@/entrypoints/sidepanel/fast-open/first-paint'
  );
  performance.clearMarks();
  const log: string[] = [];
  markFirstItemsPainted();
  // Asked for after the render that drew the first items, as a click's answer or a probe's mark is.
  requestAnimationFrame(() => setTimeout(() => log.push('task queued by the frame'), 0));
  await whenFirstItemsPainted(10_000).then(() => log.push('after the first paint'));
  expect(log).toEqual(['task queued by the frame', 'after the first paint']);
  expect(performance.getEntriesByName(FIRST_ITEMS_MARK)).toHaveLength(1);
  expect(performance.getEntriesByName(INTERACTIVE_MARK)).toHaveLength(1);
  // Once per page.
  markFirstItemsPainted();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(performance.getEntriesByName(FIRST_ITEMS_MARK)).toHaveLength(1);
});
