import { vi } from 'vitest';
import { browser } from 'wxt/browser';

/**
 * The browser's optional permissions, as a test double: held from `initial`, the prompt answers
 * `answer`, a removal succeeds. The change events are plain replacements, not spies: a component
 * unmounted after the mocks were restored still removes its listeners. (This patches the fake
 * browser in place, so vitest.config.ts runs the files that use it each in its own module graph.)
 */
export function fakePermissions(initial: boolean, answer: boolean) {
  let granted = initial;
  const fake = <T>(impl: (...args: never[]) => T) => impl as never;
  vi.spyOn(browser.permissions, 'contains').mockImplementation(fake(async () => granted));
  const request = vi.spyOn(browser.permissions, 'request').mockImplementation(
    fake(async () => {
      granted = answer;
      return answer;
    }),
  );
  const remove = vi.spyOn(browser.permissions, 'remove').mockImplementation(
    fake(async () => {
      granted = false;
      return true;
    }),
  );
  for (const event of [browser.permissions.onAdded, browser.permissions.onRemoved]) {
    Object.assign(event, { addListener: () => undefined, removeListener: () => undefined });
  }
  return { request, remove };
}
