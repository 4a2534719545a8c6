import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PanelTabs, type TabName } from '@/entrypoints/sidepanel/PanelTabs';
import type { Status } from '@/lib/ui/page-store';
import { useEnglishMessages } from '../../support/locale';
import { status } from '../outbox/fixtures';

function Tabs({ outbox }: { outbox?: Status['outbox'] }) {
  const [selected, setSelected] = useState<TabName>('timeline');
  return <PanelTabs selected={selected} onSelect={setSelected} outbox={outbox} />;
}

describe('PanelTabs', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(cleanup);

  it('selects with a click, and with the arrow keys, Home and End, moving focus along', () => {
    render(<Tabs />);
    const timeline = screen.getByRole('tab', { name: 'Timeline' });
    const outbox = screen.getByRole('tab', { name: 'Outbox' });
    expect(timeline.getAttribute('aria-selected')).toBe('true');
    expect(outbox.tabIndex).toBe(-1);
    fireEvent.click(outbox);
    expect(outbox.getAttribute('aria-selected')).toBe('true');
    const page = screen.getByRole('tab', { name: 'This page' });
    fireEvent.keyDown(outbox, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(page);
    expect(page.getAttribute('aria-controls')).toBe('panel-page');
    fireEvent.keyDown(page, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(timeline);
    expect(timeline.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(timeline, { key: 'End' });
    expect(document.activeElement).toBe(page);
    fireEvent.keyDown(page, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(outbox);
    fireEvent.keyDown(outbox, { key: 'Home' });
    expect(timeline.getAttribute('aria-selected')).toBe('true');
    expect(timeline.getAttribute('aria-controls')).toBe('panel-timeline');
  });

  it('keeps the name "Outbox" and tells how many writes wait, and when one needs attention', () => {
    const waiting = status({
      outbox: {
        counts: { queued: 2, sending: 1, sent: 0, waiting: 0, failed: 1, uncertain: 0, scheduled: 0 },
        pending: 3,
        worst: 'failed',
      },
    });
    render(<Tabs outbox={waiting.outbox} />);
    const outbox = screen.getByRole('tab', { name: 'Outbox' });
    expect(outbox.getAttribute('aria-describedby')).toBe('tab-outbox-desc');
    expect(document.getElementById('tab-outbox-desc')?.textContent).toBe('3 waiting, needs attention');
  });

  it('describes nothing when the Outbox has nothing to say', () => {
    render(<Tabs outbox={status().outbox} />);
    expect(screen.getByRole('tab', { name: 'Outbox' }).getAttribute('aria-describedby')).toBeNull();
  });
});
