import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer, type ComposerProps } from '@/components/timeline/Composer';
import { useEnglishMessages } from '../../support/locale';

function renderComposer(change: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    id: 'c',
    label: 'New post',
    submitLabel: 'Post',
    value: 'Hello',
    busy: false,
    message: null,
    onInput: vi.fn(),
    onSubmit: vi.fn(),
    ...change,
  };
  render(<Composer {...props} />);
  return props;
}

describe('Composer', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(cleanup);

  it('sends with Ctrl+Enter and Cmd+Enter; a plain Enter is a new line', () => {
    const props = renderComposer();
    const box = screen.getByRole('textbox', { name: 'New post' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(props.onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    expect(props.onSubmit).toHaveBeenCalledTimes(2);
  });

  it('sends with its button, and reports typing', () => {
    const props = renderComposer();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.input(screen.getByRole('textbox', { name: 'New post' }), { target: { value: 'Hello!' } });
    expect(props.onInput).toHaveBeenCalledWith('Hello!');
  });

  it('does nothing more while a send is under way, and says so', () => {
    const props = renderComposer({ busy: true });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'New post' }), { key: 'Enter', ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Queuing…');
  });

  it('shows an error in words, tied to the box', () => {
    renderComposer({ message: { tone: 'error', text: 'Write something first.' } });
    const box = screen.getByRole('textbox', { name: 'New post' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Write something first.');
    expect(box.getAttribute('aria-describedby')).toContain('c-message');
  });

  it('counts down the last characters and flags text over the limit', () => {
    renderComposer({ value: 'x'.repeat(2010) });
    expect(screen.getByText(/-10 characters left/)).toBeTruthy();
  });

  it('closes on Escape when it can', () => {
    const onEscape = vi.fn();
    renderComposer({ onEscape });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'New post' }), { key: 'Escape' });
    expect(onEscape).toHaveBeenCalled();
  });
});
