import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazy } from '@/lib/ui/lazy';
import { useEnglishMessages } from '../support/locale';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazy: a component whose code loads when first drawn', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(() => cleanup());

  it('draws nothing until its code came, then the component with its props; loads once', async () => {
    const load = vi.fn(async () => Greeting);
    const Lazy = lazy(load);
    expect(load).not.toHaveBeenCalled();
    const { container } = render(<Lazy name="Ada" />);
    expect(container.textContent).toBe('');
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    cleanup();
    render(<Lazy name="Grace" />);
    // Loaded before: drawn in the first render, without an empty frame.
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('load() started early (a pointer on the tab) is the load the first drawing uses', async () => {
    const load = vi.fn(async () => Greeting);
    const Lazy = lazy(load);
    await Lazy.load();
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('code that cannot load (the extension was updated under the page) is said, with a reload; a later try loads again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    try {
      const Lazy = lazy(load);
      render(<Lazy name="Ada" />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('could not load');
      fireEvent.click(screen.getByRole('button', { name: 'Reload the panel' }));
      expect(reload).toHaveBeenCalledOnce();
      cleanup();
      render(<Lazy name="Ada" />);
      expect(await screen.findByText('Hello Ada')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
