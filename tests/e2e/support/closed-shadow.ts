import type { CDPSession, Frame, Page } from '@playwright/test';
import { MIN_POINTER_REST_MS, MIN_VISIBLE_MS } from '../../../entrypoints/link-bar/trusted';

/** A DOM node as CDP's `DOM.getDocument({pierce: true})` describes it. */
interface CdpNode {
  nodeId: number;
  backendNodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: (CdpNode & { shadowRootType?: string })[];
  contentDocument?: CdpNode;
}

/** One button inside an inline bar's closed shadow root, as the test sees it through CDP. */
export interface BarButton {
  nodeId: number;
  /** Its visible text (the label without the state mark). */
  label: string;
  /** The `href` of the link the bar follows. */
  linkHref: string | null;
}

/** One inline bar: its host, the link before it, its buttons and its status line. */
export interface BarView {
  hostNodeId: number;
  linkHref: string | null;
  shadowRootType: string | undefined;
  buttons: BarButton[];
  status: string;
  /** The composer's text box, when the bar has one. */
  textareaNodeId: number | undefined;
}

const attribute = (node: CdpNode, name: string): string | null => {
  const attributes = node.attributes ?? [];
  for (let i = 0; i < attributes.length; i += 2) if (attributes[i] === name) return attributes[i + 1] ?? null;
  return null;
};

const textOf = (node: CdpNode, skipMarks = true): string => {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (skipMarks && attribute(node, 'aria-hidden') === 'true') return '';
  return (node.children ?? []).map((child) => textOf(child, skipMarks)).join('');
};

function* walk(node: CdpNode): Generator<CdpNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

/**
 * Finds every inline bar of the page, closed shadow roots included: CDP sees what Playwright's
 * locators cannot (`DOM.getDocument` with `pierce: true`).
 */
export async function findBars(cdp: CDPSession): Promise<BarView[]> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
  const bars: BarView[] = [];
  for (const node of walk(root)) {
    const children = node.children ?? [];
    children.forEach((child, index) => {
      const shadow = child.shadowRoots?.[0];
      if (shadow === undefined || child.nodeName !== 'SPAN') return;
      const previous = children[index - 1];
      const linkHref = previous?.nodeName === 'A' ? attribute(previous, 'href') : null;
      const inner = [...walk(shadow)];
      bars.push({
        hostNodeId: child.nodeId,
        linkHref,
        shadowRootType: shadow.shadowRootType,
        buttons: inner
          .filter((n) => n.nodeName === 'BUTTON')
          .map((n) => ({ nodeId: n.nodeId, label: textOf(n).trim(), linkHref })),
        status: inner.filter((n) => attribute(n, 'role') === 'status').map((n) => textOf(n, false))[0] ?? '',
        textareaNodeId: inner.find((n) => n.nodeName === 'TEXTAREA')?.nodeId,
      });
    });
  }
  return bars;
}

/** Polls until `find` returns something (CDP reads are cheap; the bars appear in idle time). */
export async function waitFor<T>(find: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The centre of a node in viewport coordinates, after scrolling it into view. */
export async function centreOf(cdp: CDPSession, nodeId: number): Promise<{ x: number; y: number }> {
  await cdp.send('DOM.scrollIntoViewIfNeeded', { nodeId });
  const { quads } = (await cdp.send('DOM.getContentQuads', { nodeId })) as { quads: number[][] };
  const quad = quads[0];
  if (quad === undefined) throw new Error(`Node ${nodeId} has no box`);
  const xs = [quad[0], quad[2], quad[4], quad[6]] as number[];
  const ys = [quad[1], quad[3], quad[5], quad[7]] as number[];
  return { x: xs.reduce((a, b) => a + b) / 4, y: ys.reduce((a, b) => a + b) / 4 };
}

/**
 * How long the pointer rests on a bar before clicking: a bar counts a click only once it has been
 * visible {@link MIN_VISIBLE_MS} and the pointer has rested on it {@link MIN_POINTER_REST_MS}
 * (entrypoints/link-bar/trusted.ts). A product rule, not a guess at the machine's speed:
 * the bar compares the event time stamps, which a slow machine only makes longer. The margin covers
 * the first visibility report after a bar is drawn or scrolled into view (the observer's 100 ms
 * delay, and a frame or two more on a busy machine).
 */
const REST_BEFORE_CLICK_MS = Math.max(MIN_VISIBLE_MS, MIN_POINTER_REST_MS) + 400;

/** A real, trusted mouse click on a node inside a closed shadow root, as a user makes it: move, rest, click. */
export async function realClick(page: Page, cdp: CDPSession, nodeId: number): Promise<void> {
  const { x, y } = await centreOf(cdp, nodeId);
  await page.mouse.move(x, y);
  await page.waitForTimeout(REST_BEFORE_CLICK_MS);
  await page.mouse.down();
  await page.mouse.up();
}

/** A CDP session on the page with the DOM agent on. */
export async function domSession(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  return cdp;
}

/**
 * The markup inside a bar's closed shadow root, as CDP reads it (`DOM.getOuterHTML` of each child):
 * what the bar really draws, to audit on a page where it sits in an open root that axe can enter.
 */
export async function barMarkup(cdp: CDPSession, hostNodeId: number): Promise<string> {
  const { node } = (await cdp.send('DOM.describeNode', { nodeId: hostNodeId, depth: -1, pierce: true })) as {
    node: CdpNode;
  };
  const shadow = node.shadowRoots?.[0];
  if (shadow === undefined) throw new Error(`Node ${hostNodeId} has no shadow root`);
  const parts: string[] = [];
  for (const child of shadow.children ?? []) {
    const { outerHTML } = (await cdp.send('DOM.getOuterHTML', { backendNodeId: child.backendNodeId })) as {
      outerHTML: string;
    };
    parts.push(outerHTML);
  }
  return parts.join('');
}

/**
 * The inline reply composer (our extension page in a frame inside the bar) once it has the focus:
 * keys typed before it loaded would go to the bar's Reply button, as a user's would.
 */
export async function focusedComposer(page: Page): Promise<Frame> {
  return waitFor(async () => {
    for (const frame of page.frames()) {
      if (!frame.url().includes('/reply-frame.html')) continue;
      const focused = await frame
        .evaluate(() => document.hasFocus() && document.activeElement?.localName === 'textarea')
        .catch(() => false);
      if (focused) return frame;
    }
    return undefined;
  }, 'the reply composer, focused');
}
