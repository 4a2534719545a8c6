import type { ElementHandle, Page } from 'puppeteer-core';
import type { SandboxClient } from '../support/sandbox-client';
import type { PanelView } from './types';
import { until } from './ui';

/**
 * What the side panel's flows share (tests/e2e/flows/side-panel*.spec.ts, search-mute, state-flow):
 * posts seeded on the platform, its event log, and where the keyboard focus is.
 */

/** An event the sandbox recorded (every accepted write emits one). */
export interface SandboxEvent {
  type: string;
  data: { id: string; postId?: string; body?: string; kind?: string; author?: { id: string } };
}

/** Every event the sandbox recorded, oldest first. */
export async function sandboxEvents(control: SandboxClient): Promise<SandboxEvent[]> {
  return (await control.control<{ events: SandboxEvent[] }>('GET', '/events')).events;
}

/** Posts by someone else (the demo account) at the top of the public timeline, the first body on top. */
export async function seedPosts(control: SandboxClient, bodies: string[]): Promise<string[]> {
  // The API lists newest first: seeded oldest first, so the first body ends up on top.
  const posts = [...bodies].reverse().map((body) => ({ body }));
  const { ids } = await control.control<{ ids: string[] }>('POST', '/posts', { posts });
  return ids.reverse();
}

/** The accessible description of an element: the text of what `aria-describedby` names. */
export function descriptionOf(element: ElementHandle): Promise<string> {
  return element.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id === '' ? '' : (document.getElementById(id)?.textContent ?? '')))
      .join(' ')
      .trim(),
  );
}

/** Waits until the focused element is one `selector` (any puppeteer selector, `role(…)` too) finds in `scope`. */
export function waitForFocus(scope: Page | ElementHandle, selector: string): Promise<ElementHandle> {
  return until(async () => {
    for (const element of (await scope.$$(selector)) as ElementHandle[]) {
      if (await element.evaluate((el) => el === document.activeElement)) return element;
    }
    return undefined;
  }, `the focus on ${selector}`);
}

/** Waits until the real panel shows the live timeline: a post drawn. */
export function untilLivePanel(view: PanelView): Promise<void> {
  return view.evaluate(async (doc) => {
    while (doc.querySelector('[role="feed"] article') === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

/**
 * Types `text` into the field labelled `label` of the real side panel / sidebar, as the panel's own
 * input handling sees typing (the value set, an `input` event): the real panel has no tab to type in.
 */
export function typeInPanel(view: PanelView, label: string, text: string): Promise<void> {
  return view.evaluate(
    (doc, label: string, text: string) => {
      const field = [...doc.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.control;
      if (field?.localName !== 'textarea') throw new Error(`No text area "${label}"`);
      (field as HTMLTextAreaElement).value = text;
      // The event of the panel's own window, as its typing makes (Firefox reads the panel from another page).
      const view = doc.defaultView as Window & typeof globalThis;
      field.dispatchEvent(new view.Event('input', { bubbles: true }));
    },
    label,
    text,
  );
}

/** What the real panel shows: its selected tab, the text of the field labelled `label`, a mark set on it. */
export function panelState(view: PanelView, label: string): Promise<{ tab: string; draft: string; mark: string }> {
  return view.evaluate(
    (doc, label: string) => ({
      tab: doc.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim() ?? '',
      draft:
        (
          [...doc.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.control as
            | HTMLTextAreaElement
            | undefined
        )?.value ?? '',
      mark: doc.documentElement.dataset.testMark ?? '',
    }),
    label,
  );
}
