import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEarlyScript } from '@/entrypoints/sidepanel/fast-open/early';
import { ENTRY_META } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';
import { takePicture } from '@/entrypoints/sidepanel/fast-open/picture';
import { keepScreen } from './panel-screen';

/** The frame callbacks asked for, run by the test (the frame the picture is drawn in). */
let frames: FrameRequestCallback[] = [];

function page({ picture, hidden = false }: { picture: boolean; hidden?: boolean }): HTMLElement {
  localStorage.clear();
  // The build's meta tag first: what is kept is stamped with the entry it names.
  const meta = document.createElement('meta');
  meta.name = ENTRY_META;
  meta.content = '/chunks/sidepanel-A1.js';
  document.head.append(meta);
  if (picture) keepScreen({ width: globalThis.innerWidth, lang: 'en' });
  const app = document.createElement('div');
  app.id = 'app';
  document.body.append(app);
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  return app;
}

const entryAdded = () => document.head.querySelector('script[type="module"]') !== null;

describe('the early script', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    // Each test's page starts once: what a test left waiting (a frame, a change of visibility, the
    // limit) starts now, before its page goes.
    document.dispatchEvent(new Event('visibilitychange'));
    vi.runOnlyPendingTimers();
    takePicture()?.handOver();
    Reflect.deleteProperty(document, 'visibilityState');
    document.head.replaceChildren();
    document.body.replaceChildren();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('adds the modules at once when there is no picture', () => {
    page({ picture: false });
    runEarlyScript();
    expect(entryAdded()).toBe(true);
  });

  it('draws the picture, and adds the modules in the task after its frame', () => {
    const app = page({ picture: true });
    runEarlyScript();
    expect(app.hasAttribute('data-picture')).toBe(true);
    expect(entryAdded()).toBe(false);
    for (const frame of frames.splice(0)) frame(performance.now());
    expect(entryAdded()).toBe(false);
    vi.runOnlyPendingTimers();
    expect(entryAdded()).toBe(true);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it('adds the modules at once on a hidden page, which draws no frame, and only once', () => {
    const app = page({ picture: true, hidden: true });
    runEarlyScript();
    expect(app.hasAttribute('data-picture')).toBe(true);
    expect(entryAdded()).toBe(true);
    for (const frame of frames.splice(0)) frame(performance.now());
    vi.runOnlyPendingTimers();
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it('adds the modules once the page is hidden before its frame', () => {
    page({ picture: true });
    runEarlyScript();
    expect(entryAdded()).toBe(false);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(entryAdded()).toBe(true);
  });

  it('adds the modules without the frame when none comes within a quarter of a second', () => {
    page({ picture: true });
    runEarlyScript();
    vi.advanceTimersByTime(249);
    expect(entryAdded()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(entryAdded()).toBe(true);
  });

  it.each(['load', 'error'])(
    'takes the picture away once the entry has run, or failed to load (%s), without taking it over',
    (event) => {
      const app = page({ picture: true, hidden: true });
      runEarlyScript();
      expect(app.hasAttribute('data-picture')).toBe(true);
      document.head.querySelector('script[type="module"]')?.dispatchEvent(new Event(event));
      vi.runOnlyPendingTimers();
      expect(app.hasAttribute('data-picture')).toBe(false);
      expect(app.childElementCount).toBe(0);
      expect(takePicture()).toBeUndefined();
    },
  );
});
